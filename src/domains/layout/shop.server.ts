import 'server-only'
import { db } from '@/db/client'
import { cached, invalidateTag } from '@/lib/cache'
import { env } from '@/lib/env'
import { readSetting } from '@/domains/settings/settings.server'
import { resolveShopDetails, SHOP_DETAILS_KEY, type ResolvedShopDetails, type ShopDetails } from './shop'

const TAG = 'shop-details'

/** Environment overrides of the details (ADR 110); unset ones fall through to the settings row. */
function envOverrides(): Partial<ShopDetails> {
  const e = env()
  return {
    legalName: e.SHOP_LEGAL_NAME,
    inn: e.SHOP_INN,
    kpp: e.SHOP_KPP,
    ogrn: e.SHOP_OGRN,
    address: e.SHOP_ADDRESS,
    phone: e.SHOP_PHONE,
    hours: e.SHOP_HOURS,
    email: e.SHOP_PUBLIC_EMAIL,
    bankName: e.SHOP_BANK_NAME,
    bik: e.SHOP_BIK,
    account: e.SHOP_ACCOUNT,
    corrAccount: e.SHOP_CORR_ACCOUNT,
    leadsEmail: e.SHOP_LEADS_EMAIL,
  }
}

/** The company details in use: environment, then the `shop.details` setting, then the example. */
export function shopDetails(): Promise<ResolvedShopDetails> {
  return cached('shop:details', { tags: [TAG] }, async () => resolveShopDetails(await readSetting(db(), SHOP_DETAILS_KEY), envOverrides()))
}

/** Where leads (B2B requests, webinar seats) are mailed: the configured address, else the shop inbox. */
export async function leadsEmail(): Promise<string> {
  return (await shopDetails()).leadsEmail || env().SHOP_EMAIL
}

/** For the back office (and tests) after it writes the `shop.details` row. */
export function forgetShopDetails(): void {
  invalidateTag(TAG)
}
