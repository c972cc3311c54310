import type { Db } from '@/db/client'
import { orderLines, orders } from '@/db/schema'
import type { OrderStatus } from '@/domains/orders/order-status'
import { seededRandom } from '@/lib/seeded-random'

/**
 * Many plausible orders written straight into the tables (no checkout, no stock), for the back
 * office's list tests and its 100 000-order bench: names, phones written every way people write them,
 * cities, deliveries, payments, coupons and a year of dates, from a seed so a run can be repeated.
 */
const FIRST = ['Анна', 'Мария', 'Елена', 'Ольга', 'Наталья', 'Ирина', 'Сергей', 'Алексей', 'Дмитрий', 'Андрей', 'Павел', 'Татьяна']
const LAST = ['Иванова', 'Смирнова', 'Кузнецова', 'Попова', 'Соколова', 'Лебедева', 'Козлов', 'Новиков', 'Морозов', 'Петров', 'Волков', 'Соловьёв']
const CITIES = [
  ['moskva', 'Москва'],
  ['sankt-peterburg', 'Санкт-Петербург'],
  ['novosibirsk', 'Новосибирск'],
  ['ekaterinburg', 'Екатеринбург'],
  ['kazan', 'Казань'],
  ['samara', 'Самара'],
  ['ufa', 'Уфа'],
  ['omsk', 'Омск'],
] as const
const DELIVERIES = [
  ['1', 'Пункты выдачи СДЭК'],
  ['2', 'Пункты выдачи Boxberry'],
  ['3', 'Почта России'],
  ['4', 'Курьерская доставка'],
] as const
const PAY = [
  ['card', 'Банковской картой онлайн'],
  ['cash', 'Наличными или картой при получении'],
] as const
const STATUSES: readonly OrderStatus[] = ['new', 'awaiting_payment', 'paid', 'assembling', 'shipped', 'delivered', 'delivered', 'delivered', 'cancelled']
const PAID: ReadonlySet<OrderStatus> = new Set(['paid', 'assembling', 'shipped', 'delivered'])

function phoneText(digits: string, style: number): string {
  const [a, b, c, d] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 8), digits.slice(8, 10)]
  switch (style % 4) {
    case 0:
      return `+7 (${a}) ${b}-${c}-${d}`
    case 1:
      return `8${digits}`
    case 2:
      return `8 ${a} ${b} ${c} ${d}`
    default:
      return `+7${digits}`
  }
}

export interface SampleOrderOptions {
  /** Dates are spread over the year before this instant. */
  until: Date
  seed: number
  batch?: number
}

export async function insertSampleOrders(db: Db, count: number, options: SampleOrderOptions): Promise<void> {
  const random = seededRandom(options.seed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T
  const batch = options.batch ?? 1000
  for (let done = 0; done < count; done += batch) {
    const size = Math.min(batch, count - done)
    const rows = Array.from({ length: size }, (_, i) => {
      const n = done + i
      const status = pick(STATUSES)
      const createdAt = new Date(options.until.getTime() - Math.floor(random() * 365 * 86_400_000))
      const [locationCode, locationName] = pick(CITIES)
      const [deliveryId, deliveryName] = pick(DELIVERIES)
      const [paySystemCode, paySystemName] = pick(PAY)
      const goods = 30_000 + Math.floor(random() * 1_500_000)
      const delivery = goods > 500_000 ? 0 : 19_900
      const digits = `9${String(Math.floor(random() * 1e9)).padStart(9, '0')}`
      const first = pick(FIRST)
      const last = pick(LAST)
      const coupon = random() < 0.1 ? pick(['VITA10', 'SALE500', 'PODAROK']) : null
      return {
        status,
        source: 'checkout' as const,
        paySystemCode,
        paySystemName,
        deliveryId,
        deliveryName,
        locationCode,
        locationName,
        address: `${locationName}, ул. Ленина, д. ${1 + (n % 90)}`,
        buyerName: `${first} ${last}`,
        email: `buyer${n}.${options.seed}@example.ru`,
        phone: phoneText(digits, n),
        couponCode: coupon,
        basePrice: goods,
        goodsPrice: goods,
        deliveryPrice: delivery,
        total: goods + delivery,
        paymentToken: `sample-${options.seed}-${n}`,
        paidAt: PAID.has(status) ? createdAt : null,
        cancelledAt: status === 'cancelled' ? createdAt : null,
        createdAt,
      }
    })
    const ids = await db.insert(orders).values(rows).returning({ id: orders.id, total: orders.goodsPrice })
    await db.insert(orderLines).values(
      ids.map(({ id, total }) => ({ orderId: id, name: 'Витамин D3 2000 МЕ', quantity: 1, basePrice: total, price: total, sum: total })),
    )
  }
}
