import 'server-only'
import { db } from '@/db/client'
import { cached } from '@/lib/cache'
import { CART_MESSAGES, clearBasket, loadBasket, loadMinOrderSum, type BasketItem } from '@/domains/cart/cart.server'
import { lineProperties, unitPrices } from '@/domains/cart/cart'
import { MAX_ITEMS_PER_ORDER } from '@/domains/cart/cart-limits'
import { enqueueMail } from '@/domains/mail/mail.server'
import { readSetting, type SettingKey } from '@/domains/settings/settings.server'
import { guards } from '@/domains/orders/integrity-guards'
import { createOrder } from '@/domains/orders/orders.server'
import { newPaymentToken } from '@/domains/payment/payment.server'
import { productUrl } from '@/domains/catalog/catalog'
import { findSession, ownerOf } from '@/domains/session/session.server'
import type { AjaxContext } from '@/lib/ajax'
import { Refusal } from '@/lib/refusal'
import { now } from '@/lib/clock'
import { env } from '@/lib/env'
import { formatRub, kopecksToRubles } from '@/lib/money'
import { CHECKOUT_MESSAGES } from './checkout'
import { LIMIT_MESSAGES } from './checkout-limits'
import { loadCheckoutLimits, withinLimits } from './checkout-limits.server'
import { ONE_CLICK_MESSAGES, holidayMessagesAt } from './one-click'
import { takeStock } from '@/domains/catalog/stock.server'
import { claimCheckoutKey, oneClickDeliveries } from './checkout.db'
import { priceLine } from './checkout'
import type { FastOrderInput } from './checkout.schema'
import { notifyStaff } from '@/domains/staff/staff-notifications.server'

export const FAST_ORDER_MESSAGES = {
  empty: 'Ваша корзина пуста',
} as const

export interface FastOrderAnswer {
  ORDER_ID: number
  /** The thanks alert: the holiday text inside its window (31 Dec – 2 Jan), else the usual one. */
  MESSAGE: string
  DATALAYER_DATA: {
    value: number
    currency: 'RUB'
    transaction_id: string
    items: { item_id: string; item_name: string; price: number; quantity: number; item_brand: string; item_category: string }[]
  }
}

class Refused extends Error {}

/**
 * What the full checkout would refuse in this basket, in its order (a line without a price or stock,
 * the 125-item limit, the minimum sum), with its messages; null when the basket may be ordered.
 * Nothing is dropped silently: one refused line refuses the order, as at checkout.
 */
async function fastOrderRefusal(basket: readonly BasketItem[]): Promise<string | null> {
  const lineProblem = basket.map(priceLine).find((l) => l.problem)?.problem
  if (lineProblem) return lineProblem
  if (basket.reduce((n, i) => n + i.quantity, 0) > MAX_ITEMS_PER_ORDER) return CART_MESSAGES.overOrderLimit
  const minSum = await loadMinOrderSum()
  const goods = basket.reduce((s, i) => s + i.price * i.quantity, 0)
  if (minSum > 0 && goods < minSum) return CART_MESSAGES.minOrder(kopecksToRubles(minSum))
  return null
}

/**
 * POST /ajax/fast-order/: a real order of the whole cart without delivery or payment choice (a
 * manager calls back). Same integrity as the checkout: one transaction, conditional stock, one order
 * per basket state, the basket cleared, mails through the outbox.
 */
export async function placeFastOrder(input: FastOrderInput, ctx: AjaxContext): Promise<FastOrderAnswer> {
  const database = db()
  const session = await findSession(database, ctx.sessionId)
  if (!session) throw new Refusal('invalid', FAST_ORDER_MESSAGES.empty)
  const owner = ownerOf(session)
  const basket = await loadBasket(database, owner)
  if (basket.length === 0) throw new Refusal('invalid', FAST_ORDER_MESSAGES.empty)
  const refusal = await fastOrderRefusal(basket)
  if (refusal) throw new Refusal('invalid', refusal)
  const keyOwner = owner.kind === 'user' ? `u:${owner.userId}` : `s:${owner.sessionId}`
  const key = `fast:${basket.map((l) => `${l.lineId}x${l.quantity}`).join(',')}`
  const limits = await loadCheckoutLimits(database)
  try {
    const orderId = await database.transaction(async (tx) => {
      if (guards().checkoutKey) {
        const claim = await claimCheckoutKey(tx, keyOwner, key)
        if (!claim.claimed) {
          if (claim.orderId) return claim.orderId
          throw new Refused(CHECKOUT_MESSAGES.inProgress)
        }
      }
      // After the replay answer: a repeated submit is not a new order (ADR 154).
      if (!(await withinLimits(tx, 'order', { sessionId: session.id, ip: ctx.ip }, limits))) {
        throw new Refusal('limited', LIMIT_MESSAGES.orders)
      }
      for (const i of [...basket].sort((a, b) => a.offerId - b.offerId)) {
        if (!(await takeStock(tx, i.offerId, i.quantity, guards().stock))) throw new Refused(CHECKOUT_MESSAGES.outOfStock(i.name))
      }
      // Every line is priced (fastOrderRefusal refused the others), so the cart's rule gives price and base.
      const base = (i: BasketItem) => unitPrices(i).base
      const goods = basket.reduce((s, i) => s + i.price * i.quantity, 0)
      const baseSum = basket.reduce((s, i) => s + base(i) * i.quantity, 0)
      const id = await createOrder(
        tx,
        {
          userId: session.userId,
          sessionId: session.id,
          source: 'one-click',
          status: 'new',
          locationName: input.UF_CITY,
          buyerName: input.UF_NAME,
          email: input.UF_EMAIL.toLowerCase(),
          phone: input.UF_PHONE,
          props: { UF_NAME: input.UF_NAME, UF_CITY: input.UF_CITY, UF_PHONE: input.UF_PHONE, UF_EMAIL: input.UF_EMAIL },
          deliveryName: 'Уточнит менеджер',
          paySystemName: 'Уточнит менеджер',
          basePrice: baseSum,
          discount: baseSum - goods,
          goodsPrice: goods,
          deliveryPrice: 0,
          total: goods,
          weightGrams: basket.reduce((s, i) => s + i.weightGrams * i.quantity, 0),
          paymentToken: newPaymentToken(),
        },
        basket.map((i) => ({
          offerId: i.offerId,
          productId: i.productId,
          name: i.name,
          link: productUrl(i.sectionCode, i.productCode),
          picture: i.picture,
          properties: lineProperties(i),
          quantity: i.quantity,
          basePrice: base(i),
          price: i.price,
          sum: i.price * i.quantity,
          weightGrams: i.weightGrams,
        })),
        null,
      )
      const summary = basket.map((i) => `— ${i.name} × ${i.quantity}: ${formatRub(i.price * i.quantity)}`).join('\n')
      await enqueueMail(tx, {
        to: input.UF_EMAIL,
        subject: `Заказ №${id} принят`,
        text: `Здравствуйте, ${input.UF_NAME}!\n\nСпасибо за заказ №${id}. Менеджер позвонит вам, чтобы уточнить доставку и оплату.\n\n${summary}\n\nИтого: ${formatRub(goods)}`,
        dedupeKey: `order-confirmation:${id}`,
      })
      await enqueueMail(tx, {
        to: env().SHOP_EMAIL,
        subject: `Новый заказ в 1 клик №${id}`,
        text: `Покупатель: ${input.UF_NAME}, ${input.UF_CITY}, ${input.UF_PHONE}, ${input.UF_EMAIL}\n\n${summary}\n\nИтого: ${formatRub(goods)}`,
        dedupeKey: `order-notice:${id}`,
      })
      await notifyStaff(tx, 'order.new', String(id), { subject: `новый заказ в 1 клик №${id}`, text: `Покупатель: ${input.UF_NAME}, ${input.UF_PHONE}\n\n${summary}`, path: `/admin/orders/${id}/` })
      await clearBasket(tx, owner)
      return id
    })
    return {
      ORDER_ID: orderId,
      MESSAGE: holidayMessagesAt(await readSetting(database, HOLIDAY_MESSAGES_KEY), now())?.thanks ?? ONE_CLICK_MESSAGES.thanks,
      DATALAYER_DATA: {
        value: kopecksToRubles(basket.reduce((s, i) => s + i.price * i.quantity, 0)),
        currency: 'RUB',
        transaction_id: String(orderId),
        items: basket.map((i) => ({
          item_id: String(i.offerId),
          item_name: i.name,
          price: kopecksToRubles(i.price),
          quantity: i.quantity,
          item_brand: i.brandName,
          item_category: i.sectionName,
        })),
      },
    }
  } catch (error) {
    if (error instanceof Refused) throw new Refusal('conflict', error.message)
    throw error
  }
}

// ---------- the one-click area's deliveries ----------

/** One delivery method as the one-click area shows it (spec section 3: name, description, active). */
export interface OneClickDelivery {
  name: string
  description: string
  active: boolean
}

/**
 * GET /ajax/fast-order/: the delivery methods the manager can arrange after a one-click order, so the
 * buyer knows the choices before the call. The same for every visitor, hence cached like page data.
 */
export async function listOneClickDeliveries(): Promise<{ deliveries: OneClickDelivery[] }> {
  const deliveries = await cached('checkout:one-click-deliveries', { tags: ['checkout', 'delivery'], ttlSeconds: 300 }, () => oneClickDeliveries(db()))
  return { deliveries }
}

// ---------- the holiday start message of the fallback form ----------

/**
 * `{from, to, start, thanks}` (ADR 105). A new key rather than the old `oneClickHolidayNotice`, whose one
 * text said 'Заказ принят!' also as the start message: the seed never overwrites a stored setting.
 */
export const HOLIDAY_MESSAGES_KEY = 'oneClickHolidayMessages' satisfies SettingKey

/** For the page that mounts the fallback form: the holiday start message, or null outside its window. */
export async function oneClickHolidayNotice(): Promise<string | null> {
  return holidayMessagesAt(await readSetting(db(), HOLIDAY_MESSAGES_KEY), now())?.start ?? null
}
