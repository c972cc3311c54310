import { and, desc, eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { offers, settings } from '@/db/schema'
import { auditLog, staff } from '@/db/schema/staff'
import { CART_MESSAGES } from '@/domains/cart/cart'
import { loadMinOrderSum } from '@/domains/cart/cart.server'
import { shopDetails } from '@/domains/layout/shop.server'
import type { Actor } from '@/domains/staff/permissions'
import { onInvalidate } from '@/lib/cache'
import { Refusal } from '@/lib/refusal'
import { checkout, offerWithStock, orderFields, visitorWithBasket } from '../../../tests/support/checkout'
import { setMailTransport } from '../../../tests/support/test-hooks'
import type { MailMessage } from '@/domains/mail/mail'
import { drainOutbox, enqueueMail } from '@/domains/mail/mail.server'
import { listDeliveryOptions } from '@/domains/delivery/delivery.server'
import { deliveryServices } from '@/db/schema'
import type { SaveAnswer } from '@/domains/checkout/checkout-wire'
import { allSettings, readSetting, updateSettings } from './settings.server'

let OWNER: Actor

beforeAll(async () => {
  const [row] = await db().insert(staff).values({ email: 'olga.settings@example.ru', name: 'Ольга Владелец', role: 'owner' }).returning()
  OWNER = { kind: 'staff', id: row!.id, name: row!.name, role: 'owner' }
})

let seeded: { key: string; value: unknown }[] | null = null

afterEach(async () => {
  if (seeded) {
    await db().delete(settings)
    if (seeded.length) await db().insert(settings).values(seeded)
  }
  await db().delete(auditLog)
  setMailTransport(undefined)
})

/** Keeps the seeded rows once, so each test may change them freely. */
async function keepSeed() {
  seeded ??= await db().select({ key: settings.key, value: settings.value }).from(settings)
}

async function refusalOf(run: () => Promise<unknown>): Promise<Refusal> {
  try {
    await run()
  } catch (error) {
    if (error instanceof Refusal) return error
    throw error
  }
  throw new Error('expected a refusal')
}

const auditOf = (key: string) =>
  db().select().from(auditLog).where(and(eq(auditLog.objectType, 'settings'), eq(auditLog.objectId, key))).orderBy(desc(auditLog.id))

describe('readSetting', () => {
  it('reads the seeded values through the registry, and a default where nothing is stored', async () => {
    await keepSeed()
    expect(await readSetting(db(), 'minOrderSum')).toBe(20000)
    expect(await readSetting(db(), 'newsletter.promoRegion')).toBe('Республика Татарстан')
    expect((await readSetting(db(), 'shop.details')).inn).toBe('7701234567')
    await db().delete(settings).where(eq(settings.key, 'unpaidOrderMinutes'))
    expect(await readSetting(db(), 'unpaidOrderMinutes')).toBe(30)
    expect((await readSetting(db(), 'checkoutLimits')).ordersPerSession).toBe(5)
  })

  it('falls back to the default for a broken row, and reads the older shapes the storefront took', async () => {
    await keepSeed()
    await db().update(settings).set({ value: -5 }).where(eq(settings.key, 'minOrderSum'))
    expect(await readSetting(db(), 'minOrderSum')).toBe(0)
    await db().update(settings).set({ value: { region: 'Пермский край' } }).where(eq(settings.key, 'newsletter.promoRegion'))
    expect(await readSetting(db(), 'newsletter.promoRegion')).toBe('Пермский край')
    await db().insert(settings).values({ key: 'checkoutLimits', value: { ordersPerSession: 'many', ordersPerIp: 7 } })
    expect(await readSetting(db(), 'checkoutLimits')).toMatchObject({ ordersPerSession: 5, ordersPerIp: 7 })
  })
})

describe('updateSettings', () => {
  it('stores a valid change, audits it with before and after in the same transaction, and answers every setting', async () => {
    await keepSeed()
    const view = await updateSettings(db(), OWNER, { minOrderSum: 150000, 'newsletter.promoRegion': 'Пермский край' })
    expect(view.values.minOrderSum).toBe(150000)
    expect(view.values['newsletter.promoRegion']).toBe('Пермский край')
    expect(view.updatedAt.minOrderSum).toMatch(/^\d{4}-/)
    const [entry] = await auditOf('minOrderSum')
    expect(entry).toMatchObject({ actor: 'Ольга Владелец', action: 'update', before: 20000, after: 150000 })
    expect(await auditOf('newsletter.promoRegion')).toHaveLength(1)
  })

  it('audits nothing and announces nothing for a value that did not change', async () => {
    await keepSeed()
    const heard: (string | null)[] = []
    const stop = onInvalidate((tag) => heard.push(tag))
    try {
      await updateSettings(db(), OWNER, { minOrderSum: 20000 })
    } finally {
      stop()
    }
    expect(await auditOf('minOrderSum')).toHaveLength(0)
    expect(heard).toEqual([])
  })

  it('refuses a bad value with a Russian message per field and stores nothing, the valid fields of the same patch included', async () => {
    await keepSeed()
    const refusal = await refusalOf(() =>
      updateSettings(db(), OWNER, {
        minOrderSum: 99.5,
        unpaidOrderMinutes: 2,
        'shop.details': { inn: '12345', email: 'not-an-address', legalName: 'ООО «Новое»' },
        oneClickHolidayMessages: { from: '2026-01-05', to: '2026-01-02', start: 'С 6 января', thanks: 'Спасибо!' },
        'newsletter.promoRegion': 'Пермский край',
      }),
    )
    expect(refusal.kind).toBe('invalid')
    const errors = (refusal.body as { errors: { field: string; message: string }[] }).errors
    expect(Object.fromEntries(errors.map((e) => [e.field, e.message]))).toEqual({
      minOrderSum: 'Минимальная сумма заказа — от 0 до 1 000 000 ₽.',
      unpaidOrderMinutes: 'Время на оплату — от 5 минут до 7 суток (10 080 минут).',
      'shop.details.inn': 'ИНН — 10 цифр для организации или 12 для ИП.',
      'shop.details.email': 'Введите адрес электронной почты, например shop@example.ru.',
      'oneClickHolidayMessages.to': 'Дата окончания не может быть раньше даты начала.',
    })
    expect(await readSetting(db(), 'newsletter.promoRegion')).toBe('Республика Татарстан')
    expect(await readSetting(db(), 'minOrderSum')).toBe(20000)
    expect(await db().select().from(auditLog)).toHaveLength(0)
  })

  it('refuses an unknown setting and an unknown field of a known one', async () => {
    const unknownKey = await refusalOf(() => updateSettings(db(), OWNER, { secretFlag: true }))
    expect(unknownKey.message).toBe('Неизвестная настройка: secretFlag.')
    const unknownField = await refusalOf(() => updateSettings(db(), OWNER, { 'shop.details': { ceo: 'Иванов' } }))
    expect((unknownField.body as { errors: { field: string; message: string }[] }).errors).toEqual([
      { field: 'shop.details', message: 'Неизвестное поле.' },
    ])
  })

  it('clears a setting back to its default with null', async () => {
    await keepSeed()
    await updateSettings(db(), OWNER, { oneClickHolidayMessages: null })
    expect(await readSetting(db(), 'oneClickHolidayMessages')).toBeNull()
    const rows = await db().select().from(settings).where(eq(settings.key, 'oneClickHolidayMessages'))
    expect(rows).toHaveLength(0)
    expect((await auditOf('oneClickHolidayMessages'))[0]?.after).toBeNull()
  })

  it('the company details show at once on the pages that cache them', async () => {
    await keepSeed()
    expect((await shopDetails()).legalName).toBe('ООО «Витамаркет»')
    await updateSettings(db(), OWNER, { 'shop.details': { legalName: 'ООО «Здоровый выбор»', inn: '5260123451', example: false } })
    const details = await shopDetails()
    expect([details.legalName, details.inn, details.example]).toEqual(['ООО «Здоровый выбор»', '5260123451', false])
  })

  it('lists every setting with its value in allSettings', async () => {
    await keepSeed()
    const view = await allSettings(db())
    expect(Object.keys(view.values).sort()).toEqual(
      ['analytics.counters', 'checkoutLimits', 'exchange.catalog', 'exchange.fieldOwnership', 'exchange.protocol', 'mail.from', 'minOrderSum', 'newsletter.promoRegion', 'oneClickHolidayMessages', 'shop.details', 'stock.lowThreshold', 'unpaidOrderMinutes'].sort(),
    )
    expect(view.values.minOrderSum).toBe(20000)
  })
})

describe('minimum order sum changed in the back office', () => {
  const mainError = (a: { body: SaveAnswer }) => ('ERROR' in a.body.order ? (a.body.order.ERROR.MAIN ?? []) : [])
  const placed = (a: { body: SaveAnswer }) => 'ID' in a.body.order

  it('the checkout enforces the new sum on the next request, though the old one was cached', async () => {
    await keepSeed()
    const offer = await offerWithStock(50, 5)
    await db().update(offers).set({ price: 90_000 }).where(eq(offers.id, offer.id))
    const fields = await orderFields()
    // Read once, so the old value sits in the data cache.
    expect(await loadMinOrderSum()).toBe(20000)

    await updateSettings(db(), OWNER, { minOrderSum: 100_000 })
    expect(await loadMinOrderSum()).toBe(100_000)
    const refused = await checkout<SaveAnswer>('saveOrderAjax', fields, await visitorWithBasket([{ offerId: offer.id, quantity: 1 }]))
    expect(mainError(refused)).toContain(CART_MESSAGES.minOrder(1000))
    expect(placed(refused)).toBe(false)

    await updateSettings(db(), OWNER, { minOrderSum: 50_000 })
    const taken = await checkout<SaveAnswer>('saveOrderAjax', fields, await visitorWithBasket([{ offerId: offer.id, quantity: 1 }]))
    expect(placed(taken)).toBe(true)
  }, 60_000)
})

describe('mail sender', () => {
  async function sendOne(): Promise<(MailMessage & { from?: string })[]> {
    const sent: (MailMessage & { from?: string })[] = []
    setMailTransport({ send: async (m) => void sent.push(m) })
    await drainOutbox(1000)
    sent.length = 0
    await db().transaction((tx) => enqueueMail(tx, { to: 'buyer@example.ru', subject: 'Заказ', text: 'Спасибо' }))
    await drainOutbox()
    return sent
  }

  it('mails go from MAIL_FROM until the back office sets a sender, then from that sender', async () => {
    await keepSeed()
    expect((await sendOne()).map((m) => m.from)).toEqual([undefined])
    await updateSettings(db(), OWNER, { 'mail.from': 'Витамаркет <hello@vitamarket.example>' })
    expect((await sendOne()).map((m) => m.from)).toEqual(['Витамаркет <hello@vitamarket.example>'])
  })

  it('refuses a sender that is not one mailbox', async () => {
    for (const bad of ['hello', 'a@b.ru, c@d.ru', 'Имя <a@b.ru>\nBcc: x@y.ru']) {
      const refusal = await refusalOf(() => updateSettings(db(), OWNER, { 'mail.from': bad }))
      expect((refusal.body as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['mail.from'])
    }
  })
})

describe('free-delivery thresholds', () => {
  const basket = [{ name: 'Витамин D3', externalId: 1, priceKopecks: 400_000, quantity: 1, weight: 300, width: 100, length: 100, height: 100 }]
  const sdekPrice = async () => (await listDeliveryOptions({ cityCode: 'moskva', basket })).find((o) => o.code === 'sdek')?.priceKopecks
  let seededSdek: number | null = null

  afterEach(async () => {
    await db().update(deliveryServices).set({ freeFromKopecks: seededSdek }).where(eq(deliveryServices.code, 'sdek'))
  })

  it('are listed per delivery method, changed by its code, audited, and the delivery prices follow at once', async () => {
    const view = await allSettings(db())
    const sdek = view.freeDelivery.find((d) => d.code === 'sdek')
    seededSdek = sdek?.freeFromKopecks ?? null
    expect(sdek).toMatchObject({ name: expect.any(String), freeFromKopecks: 500_000 })
    // Below the seeded 5 000 ₽: paid, and the answer is now cached.
    expect(await sdekPrice()).toBeGreaterThan(0)

    const changed = await updateSettings(db(), OWNER, { freeDelivery: { sdek: 300_000 } })
    expect(changed.freeDelivery.find((d) => d.code === 'sdek')?.freeFromKopecks).toBe(300_000)
    expect(await sdekPrice()).toBe(0)
    expect((await auditOf('freeDelivery.sdek'))[0]).toMatchObject({ before: 500_000, after: 300_000 })

    await updateSettings(db(), OWNER, { freeDelivery: { sdek: null } })
    expect(await sdekPrice()).toBeGreaterThan(0)
  })

  it('refuses an unknown method and a threshold that is not a positive sum', async () => {
    const unknown = await refusalOf(() => updateSettings(db(), OWNER, { freeDelivery: { teleport: 100 } }))
    expect((unknown.body as { errors: unknown[] }).errors).toEqual([{ field: 'freeDelivery.teleport', message: 'Такого способа доставки нет.' }])
    const zero = await refusalOf(() => updateSettings(db(), OWNER, { freeDelivery: { sdek: 0 } }))
    expect((zero.body as { errors: unknown[] }).errors).toEqual([
      { field: 'freeDelivery.sdek', message: 'Порог — сумма больше 0 ₽; пусто — доставка не бывает бесплатной.' },
    ])
  })
})
