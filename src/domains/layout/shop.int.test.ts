import { eq } from 'drizzle-orm'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { db } from '@/db/client'
import { orderLines, orders, settings } from '@/db/schema'
import { findLegalPage } from '@/domains/content/legal'
import { LegalPageView } from '@/domains/content/ui/legal-page-view'
import { Invoice } from '@/domains/payment/ui/invoice'
import { EXAMPLE_NOTE, EXAMPLE_NOTE_SHORT, EXAMPLE_SHOP_DETAILS, SHOP_DETAILS_KEY, type ResolvedShopDetails } from './shop'
import { forgetShopDetails, shopDetails } from './shop.server'
import { SiteFooterView } from './ui/site-footer'
import { reloadEnv } from '../../../tests/support/test-hooks'

/** What the back office would write: a real-looking company, no longer an example. */
const OWNER = {
  legalName: 'ООО «Здоровый выбор»',
  inn: '5260123451',
  kpp: '526001001',
  ogrn: '1155260001234',
  address: '603000, г. Нижний Новгород, ул. Большая Покровская, д. 1',
  phone: '8 831 200-10-10',
  email: 'info@zdorovyi-vybor.example',
  bankName: 'АО «Банк Примерный», г. Нижний Новгород',
  bik: '042202603',
  account: '40702810642000012345',
  corrAccount: '30101810900000000603',
  example: false,
}

let seededRow: unknown

afterEach(async () => {
  vi.unstubAllEnvs()
  reloadEnv()
  if (seededRow !== undefined) await db().update(settings).set({ value: seededRow }).where(eq(settings.key, SHOP_DETAILS_KEY))
  forgetShopDetails()
})

async function writeSetting(value: Record<string, unknown>) {
  const [row] = await db().select({ value: settings.value }).from(settings).where(eq(settings.key, SHOP_DETAILS_KEY))
  seededRow ??= row?.value
  await db().update(settings).set({ value }).where(eq(settings.key, SHOP_DETAILS_KEY))
  forgetShopDetails()
}

async function billOrder() {
  const [order] = await db()
    .insert(orders)
    .values({ basePrice: 100_00, goodsPrice: 100_00, total: 100_00, paymentToken: 'test-token', paySystemCode: 'bill', buyerName: 'Анна' })
    .returning()
  const lines = await db()
    .insert(orderLines)
    .values({ orderId: order!.id, name: 'Витамин D3', quantity: 1, basePrice: 100_00, price: 100_00, sum: 100_00 })
    .returning()
  return { order: order!, lines }
}

/** The legal page, the invoice and the footer as the buyer gets them, with the details in use. */
async function renderAll(details: ResolvedShopDetails) {
  const page = findLegalPage('dogovor_publichnoy_oferty')
  if (!page) throw new Error('no offer page')
  const { order, lines } = await billOrder()
  return {
    legal: renderToStaticMarkup(createElement(LegalPageView, { page, details })),
    invoice: renderToStaticMarkup(createElement(Invoice, { order, lines, details })),
    footer: renderToStaticMarkup(createElement(SiteFooterView, { details })),
  }
}

describe('shop details (legal pages, invoice, footer)', () => {
  it('shows the seeded example details with a plain note that they are an example', async () => {
    const details = await shopDetails()
    expect(details).toMatchObject({ inn: EXAMPLE_SHOP_DETAILS.inn, example: true })
    const { legal, invoice, footer } = await renderAll(details)
    for (const html of [legal, invoice, footer]) expect(html).toContain('ИНН 7701234567')
    expect(legal).toContain(EXAMPLE_NOTE)
    expect(invoice).toContain(EXAMPLE_NOTE)
    expect(footer).toContain(EXAMPLE_NOTE_SHORT)
    // Every placeholder of the legal texts is filled.
    expect(legal).not.toMatch(/\{\w+\}/)
  })

  it('shows the details the back office wrote to the shop.details setting, without the note', async () => {
    await writeSetting(OWNER)
    const { legal, invoice, footer } = await renderAll(await shopDetails())
    for (const html of [legal, invoice, footer]) {
      expect(html).toContain('ИНН 5260123451')
      expect(html).toContain('ООО «Здоровый выбор»')
      expect(html).not.toContain('7701234567')
      expect(html).not.toContain(EXAMPLE_NOTE_SHORT)
      expect(html).not.toContain(EXAMPLE_NOTE)
    }
    expect(invoice).toContain('Сч. № 40702810642000012345')
    expect(invoice).toContain('БИК 042202603')
    expect(legal).toContain('603000, г. Нижний Новгород')
    expect(footer).toContain('href="tel:+78312001010"')
  })

  it('lets the environment override the setting, field by field', async () => {
    await writeSetting(OWNER)
    vi.stubEnv('SHOP_INN', '7812345678')
    vi.stubEnv('SHOP_ACCOUNT', '40702810000000000001')
    reloadEnv()
    forgetShopDetails()
    const { legal, invoice, footer } = await renderAll(await shopDetails())
    for (const html of [legal, invoice, footer]) {
      expect(html).toContain('ИНН 7812345678')
      expect(html).toContain('ООО «Здоровый выбор»')
    }
    expect(invoice).toContain('Сч. № 40702810000000000001')
  })

  it('keeps the note while the identity is only the example, even when other fields are configured', async () => {
    vi.stubEnv('SHOP_PHONE', '8 495 000-00-00')
    reloadEnv()
    forgetShopDetails()
    const details = await shopDetails()
    expect(details).toMatchObject({ phone: '8 495 000-00-00', inn: EXAMPLE_SHOP_DETAILS.inn, example: true })
    vi.stubEnv('SHOP_LEGAL_NAME', 'ООО «Ромашка»')
    vi.stubEnv('SHOP_INN', '7700000000')
    reloadEnv()
    forgetShopDetails()
    expect(await shopDetails()).toMatchObject({ legalName: 'ООО «Ромашка»', inn: '7700000000', example: false })
  })
})
