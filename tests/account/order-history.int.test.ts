import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { users } from '@/db/schema'
import { historyOf } from '@/domains/account/order-history.server'
import { createOrder } from '@/domains/orders/orders.server'
import { registered } from './kit'

async function userId(email: string): Promise<number> {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!row) throw new Error('no user')
  return row.id
}

async function placeOrder(owner: number, over: Partial<Parameters<typeof createOrder>[1]> = {}) {
  return db().transaction((tx) =>
    createOrder(
      tx,
      {
        userId: owner,
        status: 'awaiting_payment',
        paySystemCode: 'card',
        paySystemName: 'Банковской картой',
        deliveryId: '1',
        deliveryName: 'Пункты выдачи СДЭК',
        address: 'Москва, ул. Тверская, 7',
        basePrice: 150_000,
        goodsPrice: 150_000,
        total: 169_900,
        paymentToken: `tok${Math.random().toString(36).slice(2)}abcdefghijklmnop`,
        createdAt: new Date('2026-02-03T10:00:00Z'),
        ...over,
      },
      [{ name: 'Витамин C 500 мг', link: '/catalog/immunitet/vitamin-c/', picture: '/upload/packs/vitamin-c-1.svg', properties: { Фасовка: '60 капсул' }, quantity: 2, basePrice: 75_000, price: 75_000, sum: 150_000 }],
      null,
    ),
  )
}

describe('order history', () => {
  it('shows the account’s orders with the spec’s fields, newest first, and a pay link only when awaiting payment', async () => {
    const { email } = await registered()
    const me = await userId(email)
    const unpaid = await placeOrder(me)
    const shipped = await placeOrder(me, {
      status: 'shipped',
      deliveryId: '3',
      deliveryName: 'Почта России',
      createdAt: new Date('2026-02-05T22:30:00Z'),
      props: { FITO_ID: 'ФТ-000123', TRACK_NUMBER: '80081234567890' },
    })
    const history = await historyOf(me)
    expect(history.map((o) => o.id)).toEqual([shipped, unpaid])
    const [second, first] = history
    expect(second).toMatchObject({
      number: String(shipped),
      fitoId: 'ФТ-000123',
      date: '06.02.2026',
      status: { NAME: 'Передан в доставку', COLOR: '#0891b2' },
      track: '80081234567890',
      deliveryTrackLink: 'https://www.pochta.ru/tracking?barcode=80081234567890',
      typeDelivery: 'postal',
      payUrl: null,
    })
    expect(first).toMatchObject({
      status: { NAME: 'Ожидает оплаты' },
      typeDelivery: 'point',
      nameDelivery: 'Пункты выдачи СДЭК',
      address: 'Москва, ул. Тверская, 7',
      payment: 'Банковской картой',
      total: '1\u00a0699\u00a0₽',
      fitoId: null,
      track: null,
      deliveryTrackLink: null,
    })
    expect(first?.payUrl).toMatch(/^\/payment\/sandbox\/\?token=/)
    expect(first?.products).toEqual([
      { img: '/upload/packs/vitamin-c-1.svg', link: '/catalog/immunitet/vitamin-c/', name: 'Витамин C 500 мг', properties: { Фасовка: '60 капсул' }, quantity: 2 },
    ])
  })

  it('S9: never lists another person’s orders', async () => {
    const a = await registered()
    const b = await registered()
    await placeOrder(await userId(a.email))
    expect(await historyOf(await userId(b.email))).toEqual([])
  })
})
