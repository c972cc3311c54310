import 'server-only'
import { db, type Tx } from '@/db/client'
import { lineProperties } from '@/domains/cart/cart'
import { clearBasket, loadBasket, type BasketItem } from '@/domains/cart/cart.server'
import { DELIVERY_MESSAGES } from '@/domains/delivery/delivery'
import { bookCourierSlot, maximumQuantityCheck, maximumWeightCheck, usesCourierSlots } from '@/domains/delivery/delivery.server'
import { enqueueMail } from '@/domains/mail/mail.server'
import { guards } from '@/domains/orders/integrity-guards'
import { unpaidOrderMinutes } from '@/domains/orders/order-expiry.server'
import { minutesText } from '@/domains/orders/order-mail'
import { initialStatus } from '@/domains/orders/order-status'
import { createOrder, type NewOrderLine } from '@/domains/orders/orders.server'
import { newPaymentToken, openPayment } from '@/domains/payment/payment.server'
import { paymentProvider } from '@/domains/payment/payment'
import { ensureSession } from '@/domains/session/session.server'
import type { AjaxContext } from '@/lib/ajax'
import { env } from '@/lib/env'
import { formatRub } from '@/lib/money'
import { CHECKOUT_MESSAGES, normalizeCouponCode } from './checkout'
import { LIMIT_MESSAGES } from './checkout-limits'
import { loadCheckoutLimits, withinLimits } from './checkout-limits.server'
import {
  bindCheckoutKey,
  checkoutKeyOrder,
  claimCheckoutKey,
  dropSessionCoupons,
  saveProfile,
  sessionCouponCodes,
  storeSessionCoupon,
  takeCouponUse,
  buyerCouponUses,
} from './checkout.db'
import { takeStock } from '@/domains/catalog/stock.server'
import { notifyStaff } from '@/domains/staff/staff-notifications.server'
import type { CheckoutForm, CheckoutRequest } from './checkout.schema'
import { buildOrder, couponBuyer, toDeliveryLines, visitorOf, type BuiltOrder, type Visitor } from './checkout-state.server'
import {
  EMPTY_BASKET_ANSWER,
  ONLINE_PAY_CODES,
  confirmationUrl,
  type ErrorBlocks,
  type RefreshAnswer,
  type SaveAnswer,
} from './checkout-wire'

/** Codes one session may keep at once: enough for a buyer, too few for guessing (S11). */
const MAX_SESSION_COUPONS = 10

type EmptyBasket = typeof EMPTY_BASKET_ANSWER

/** POST /local/components/bitrix/sale.order.ajax/ajax.php: one entry, the action picks the use-case. */
export async function checkoutCall(input: CheckoutRequest, ctx: AjaxContext): Promise<unknown> {
  switch (input.action) {
    case 'refreshOrderAjax':
      return refreshOrder(ctx.sessionId, input.form)
    case 'enterCoupon':
      return enterCoupon(ctx.sessionId, input.coupon, input.form, ctx.ip)
    case 'removeCoupon':
      return removeCoupon(ctx.sessionId, input.coupon, input.form)
    case 'saveOrderAjax':
      return saveOrder(ctx.sessionId, input.form, ctx.ip)
    case 'getMaximumQuantity':
      return maximumQuantity(ctx.sessionId)
    case 'getMaximumWeight':
      return maximumWeight(ctx.sessionId)
  }
}

/** Expired or foreign sessid: refresh gets {order: null, error}, save an ERROR block (contract 7). */
export function badSessidAnswer(message: string, fields: Record<string, unknown>): { status: number; body: unknown } {
  const action = fields.action ?? fields['soa-action']
  if (action === 'saveOrderAjax') return { status: 200, body: { order: { ERROR: { MAIN: [message] } } } }
  return { status: 200, body: { order: null, locations: null, error: message } }
}

export async function refreshOrder(cookieId: string, form: CheckoutForm): Promise<RefreshAnswer | EmptyBasket> {
  const visitor = await visitorOf(db(), cookieId)
  const basket = visitor.owner ? await loadBasket(db(), visitor.owner) : []
  if (basket.length === 0) return EMPTY_BASKET_ANSWER
  const built = await buildOrder(db(), visitor, form, { basket })
  return refreshAnswer(built)
}

function refreshAnswer(built: BuiltOrder): RefreshAnswer {
  const location = built.visibleProps.find((p) => p.isLocation)
  return {
    order: built.state,
    locations: location ? { [String(location.id)]: { lastValue: built.locationCode } } : null,
    error: false,
  }
}

export async function enterCoupon(cookieId: string, code: string, form: CheckoutForm, ip = ''): Promise<RefreshAnswer | EmptyBasket> {
  const normalized = normalizeCouponCode(code)
  if (normalized) {
    const session = await ensureSession(db(), cookieId)
    // Every try counts, a valid code too: which codes exist is exactly what guessing wants to learn.
    if (!(await withinLimits(db(), 'coupon', { sessionId: session.id, ip }, await loadCheckoutLimits(db())))) {
      const answer = await refreshOrder(cookieId, form)
      return 'order' in answer ? { ...answer, error: LIMIT_MESSAGES.coupons } : answer
    }
    const stored = await sessionCouponCodes(db(), session.id)
    if (!stored.includes(normalized) && stored.length >= MAX_SESSION_COUPONS) {
      // The oldest code makes room; a buyer never keeps ten codes on purpose.
      await dropSessionCoupons(db(), session.id, stored[0])
    }
    await storeSessionCoupon(db(), session.id, normalized)
  }
  return refreshOrder(cookieId, form)
}

export async function removeCoupon(cookieId: string, code: string, form: CheckoutForm): Promise<RefreshAnswer | EmptyBasket> {
  const visitor = await visitorOf(db(), cookieId)
  if (visitor.session) await dropSessionCoupons(db(), visitor.session.id, normalizeCouponCode(code))
  return refreshOrder(cookieId, form)
}

/** true: the basket is over the 125-item limit, the page disables the delivery options. */
async function maximumQuantity(cookieId: string): Promise<boolean | EmptyBasket> {
  const visitor = await visitorOf(db(), cookieId)
  const basket = visitor.owner ? await loadBasket(db(), visitor.owner) : []
  if (basket.length === 0) return EMPTY_BASKET_ANSWER
  return !maximumQuantityCheck(toDeliveryLines(basket))
}

/** { point, courier }: a falsy entry blocks that delivery component. */
async function maximumWeight(cookieId: string): Promise<{ point: boolean; courier: boolean } | EmptyBasket> {
  const visitor = await visitorOf(db(), cookieId)
  const basket = visitor.owner ? await loadBasket(db(), visitor.owner) : []
  if (basket.length === 0) return EMPTY_BASKET_ANSWER
  return maximumWeightCheck(toDeliveryLines(basket))
}

// ---------- save ----------

class Refusal extends Error {
  constructor(readonly blocks: ErrorBlocks) {
    super('order refused')
  }
}

const hasErrors = (blocks: ErrorBlocks) => Object.values(blocks).some((list) => list && list.length > 0)
const placed = (id: number): SaveAnswer => ({ order: { ID: String(id), REDIRECT_URL: confirmationUrl(id) } })

function ownerKey(visitor: Visitor): string {
  const owner = visitor.owner
  if (!owner) return ''
  return owner.kind === 'user' ? `u:${owner.userId}` : `s:${owner.sessionId}`
}

/**
 * saveOrderAjax: one transaction (reliability R1–R3, R8): the checkout key, the order rebuilt from
 * the database, stock, coupon and courier slot taken with conditional updates, the order written, the
 * basket cleared, mails queued. Any refusal rolls everything back and answers ERROR blocks.
 */
export async function saveOrder(cookieId: string, form: CheckoutForm, ip = ''): Promise<SaveAnswer | EmptyBasket> {
  const database = db()
  const visitor = await visitorOf(database, cookieId)
  if (!visitor.owner) return EMPTY_BASKET_ANSWER
  const owner = visitor.owner
  const keyOwner = ownerKey(visitor)
  const keyed = Boolean(form.checkoutKey) && guards().checkoutKey
  // Read before the basket: an order found here has already emptied the basket it was made from, so
  // a basket that is not empty after it is a new one, never the replayed attempt's.
  const attempt = keyed ? await currentAttempt(keyOwner, form.checkoutKey) : null
  const basket = await loadBasket(database, owner)
  if (basket.length === 0) {
    // A replay of a placed attempt (its answer lost, a double submit): that order. Read again, as the
    // order may have committed between the first read and the basket's.
    const replayed = keyed ? (await currentAttempt(keyOwner, form.checkoutKey)).orderId : null
    return replayed ? placed(replayed) : EMPTY_BASKET_ANSWER
  }
  // Built before the transaction: delivery and settings lookups go through caches and the shared
  // handle, which a PGlite transaction would wait on. The transaction re-reads the basket and refuses
  // if anything the buyer pays for changed in between.
  const built = await buildOrder(database, visitor, form, { basket })
  if (hasErrors(built.errors)) return { order: { ERROR: built.errors } }
  const key = attempt?.key || form.checkoutKey || `basket:${basket.map((l) => `${l.lineId}x${l.quantity}`).join(',')}`
  const limits = await loadCheckoutLimits(database)
  const unpaidMinutes = await unpaidOrderMinutes(database)
  try {
    return await database.transaction(async (tx) => {
      if (guards().checkoutKey) {
        const claim = await claimCheckoutKey(tx, keyOwner, key)
        if (!claim.claimed) {
          return claim.orderId ? placed(claim.orderId) : { order: { ERROR: { MAIN: [CHECKOUT_MESSAGES.inProgress] } } }
        }
      }
      const fresh = await loadBasket(tx, owner)
      if (fresh.length === 0) return EMPTY_BASKET_ANSWER
      if (basketFingerprint(fresh) !== basketFingerprint(basket)) throw new Refusal({ MAIN: [CHECKOUT_MESSAGES.basketChanged] })
      // Counted here, after the replay answers above: only a new order counts, and a refused one
      // rolls its count back with everything else (ADR 154).
      if (!(await withinLimits(tx, 'order', { sessionId: visitor.session?.id ?? 0, ip }, limits))) {
        throw new Refusal({ MAIN: [LIMIT_MESSAGES.orders] })
      }
      const orderId = await writeOrder(tx, visitor, built, unpaidMinutes)
      if (guards().checkoutKey) await bindCheckoutKey(tx, keyOwner, key, orderId)
      await clearBasket(tx, owner)
      if (visitor.session) await dropSessionCoupons(tx, visitor.session.id)
      return placed(orderId)
    })
  } catch (error) {
    if (error instanceof Refusal) return { order: { ERROR: error.blocks } }
    throw error
  }
}

/**
 * The attempt a page key stands for now (ADR 031). The page keeps its key until an attempt ends, but a
 * tab that lost the answer of a placed order may come back with the same key and a new basket: that is
 * a new attempt, claimed under `<key>><order id>` after the order the key last made. Following that
 * chain gives the latest order placed under the key and the first key not yet bound to an order.
 */
async function currentAttempt(owner: string, pageKey: string): Promise<{ key: string; orderId: number | null }> {
  let key = pageKey
  let orderId: number | null = null
  // Each step needs an order placed after the previous one, so the chain ends; it is one step long
  // unless a tab kept its key across orders.
  for (;;) {
    const bound = await checkoutKeyOrder(db(), owner, key)
    if (bound === null) return { key, orderId }
    orderId = bound
    key = `${pageKey}>${bound}`
  }
}

function basketFingerprint(items: readonly BasketItem[]): string {
  return items.map((i) => `${i.lineId}:${i.offerId}:${i.quantity}:${i.price}:${i.oldPrice ?? ''}:${i.active}`).join('|')
}

async function writeOrder(tx: Tx, visitor: Visitor, built: BuiltOrder, unpaidMinutes: number): Promise<number> {
  const g = guards()
  // A fixed order of row locks keeps two orders of the same offers from deadlocking.
  const byOffer = [...built.lines].sort((a, b) => a.item.offerId - b.item.offerId)
  for (const line of byOffer) {
    if (!(await takeStock(tx, line.item.offerId, line.item.quantity, g.stock))) {
      throw new Refusal({ MAIN: [CHECKOUT_MESSAGES.outOfStock(line.item.name)] })
    }
  }
  if (built.gift && !(await takeStock(tx, built.gift.offerId, 1, g.stock))) {
    throw new Refusal({ MAIN: [CHECKOUT_MESSAGES.couponGone(built.coupon?.code ?? '')] })
  }
  if (built.coupon && !(await takeCouponUse(tx, built.coupon.id, g.couponLimit))) {
    throw new Refusal({ MAIN: [CHECKOUT_MESSAGES.couponGone(built.coupon.code)] })
  }
  // Counted again here, after takeCouponUse locked the coupon's row: a concurrent order of the same
  // buyer waits on that lock and then sees this one's use, so two tabs cannot both take the last one.
  const perBuyer = built.coupon?.perBuyerLimit ?? null
  if (built.coupon && perBuyer !== null && g.couponPerBuyer) {
    const used = (await buyerCouponUses(tx, [built.coupon.id], couponBuyer(visitor, built.values))).get(built.coupon.id) ?? 0
    if (used >= perBuyer) throw new Refusal({ MAIN: [CHECKOUT_MESSAGES.couponGone(built.coupon.code)] })
  }
  const delivery = built.delivery
  const paySystem = built.paySystem
  if (!delivery || !paySystem) throw new Refusal({ MAIN: [CHECKOUT_MESSAGES.chooseDelivery] })

  let slotBookingId: string | null = null
  const date = built.values.get('MICRO_SHIP_DATE_FROM') ?? ''
  const time = built.values.get('MICRO_POINT_ID') ?? ''
  // A carrier's courier (ADR 212) comes on its own day: only the shop's courier takes a slot.
  if (usesCourierSlots(delivery)) {
    const slot = { cityCode: built.locationCode, date, time }
    if (!(await bookCourierSlot(tx, slot))) {
      throw new Refusal({ DELIVERY: [DELIVERY_MESSAGES.slotFull] })
    }
    slotBookingId = JSON.stringify(slot)
  }

  const v = (code: string) => built.values.get(code)?.trim() ?? ''
  const buyerName = [v('PROP_NAME'), v('PROP_SECONDNAME'), v('PROP_LASTNAME')].filter(Boolean).join(' ')
  const online = ONLINE_PAY_CODES.has(paySystem.code)
  const lines: NewOrderLine[] = built.lines.map((l) => ({
    offerId: l.item.offerId,
    productId: l.item.productId,
    name: l.item.name,
    link: built.state.GRID.ROWS[String(l.item.lineId)]?.data.DETAIL_PAGE_URL ?? '',
    picture: l.item.picture,
    properties: lineProperties(l.item),
    quantity: l.item.quantity,
    basePrice: l.basePrice,
    price: l.price,
    sum: l.price * l.item.quantity,
    weightGrams: l.item.weightGrams,
  }))
  if (built.gift) {
    lines.push({
      offerId: built.gift.offerId,
      productId: built.gift.productId,
      name: built.gift.name,
      link: built.state.GRID.ROWS[`gift-${built.gift.offerId}`]?.data.DETAIL_PAGE_URL ?? '',
      picture: built.gift.picture,
      properties: { 'Подарок': 'по промокоду' },
      quantity: 1,
      basePrice: 0,
      price: 0,
      sum: 0,
      weightGrams: built.gift.weightGrams,
      isGift: 'Y',
    })
  }
  const t = built.totals
  const orderId = await createOrder(
    tx,
    {
      userId: visitor.user?.id ?? null,
      sessionId: visitor.session?.id ?? null,
      source: 'checkout',
      status: initialStatus(online),
      personTypeId: built.personType.id,
      paySystemId: paySystem.id,
      paySystemCode: paySystem.code,
      paySystemName: paySystem.name,
      deliveryId: String(delivery.id),
      deliveryName: delivery.name,
      slotBookingId,
      locationCode: built.locationCode,
      locationName: built.locationName,
      address: v('PROP_ADDRESS'),
      buyerName,
      email: v('PROP_EMAIL').toLowerCase(),
      phone: v('PROP_PHONE'),
      comment: built.comment,
      props: Object.fromEntries(built.values),
      couponId: built.coupon?.id ?? null,
      couponCode: built.coupon?.code ?? null,
      basePrice: t.basePrice,
      discount: t.discount,
      goodsPrice: t.goodsPrice - t.couponDiscount,
      deliveryPrice: t.deliveryPrice,
      total: t.total,
      weightGrams: t.weightGrams,
      paymentToken: newPaymentToken(),
    },
    lines,
    built.coupon?.id ?? null,
  )
  await openPayment(tx, { id: orderId, total: t.total, paySystemCode: paySystem.code })
  if (visitor.user) {
    const keep = Object.fromEntries([...built.values].filter(([code]) => code.startsWith('PROP_') || code === 'LOCATION'))
    await saveProfile(tx, visitor.user.id, built.personType.id, buyerName || 'Мой профиль', keep)
  }
  await orderMails(tx, orderId, built, buyerName, v('PROP_EMAIL'), v('PROP_PHONE'), unpaidMinutes)
  return orderId
}

/** Confirmation to the buyer and a notice to the shop, through the outbox (sent after the commit). */
export async function orderMails(
  tx: Tx,
  orderId: number,
  built: Pick<BuiltOrder, 'lines' | 'gift' | 'totals' | 'delivery' | 'paySystem' | 'locationName'>,
  buyerName: string,
  email: string,
  phone: string,
  unpaidMinutes: number,
): Promise<void> {
  const lines = built.lines.map((l) => `— ${l.item.name} × ${l.item.quantity}: ${formatRub(l.price * l.item.quantity)}`)
  if (built.gift) lines.push(`— ${built.gift.name} × 1: подарок`)
  const summary = [
    ...lines,
    '',
    `Доставка: ${built.delivery?.name ?? '—'}, ${built.locationName} — ${formatRub(built.totals.deliveryPrice)}`,
    `Оплата: ${built.paySystem?.name ?? '—'}`,
    `Итого: ${formatRub(built.totals.total)}`,
  ].join('\n')
  const pay = built.paySystem ? paymentProvider(built.paySystem.code) : null
  // The buyer learns the deadline of the unpaid-order job here, before it cancels (ADR 154).
  const payNote = pay?.online
    ? `\nОплатите заказ в течение ${minutesText(unpaidMinutes)} на странице заказа: ${env().PUBLIC_URL}${confirmationUrl(orderId)}\nЕсли оплата не поступит за это время, заказ будет отменён, а товары вернутся в продажу.\n`
    : ''
  if (email) {
    await enqueueMail(tx, {
      to: email,
      subject: `Заказ №${orderId} принят`,
      text: `Здравствуйте, ${buyerName}!\n\nСпасибо за заказ №${orderId} в магазине Витамаркет.\n\n${summary}\n${payNote}\nМы сообщим, когда заказ будет передан в доставку.`,
      dedupeKey: `order-confirmation:${orderId}`,
    })
  }
  await enqueueMail(tx, {
    to: env().SHOP_EMAIL,
    subject: `Новый заказ №${orderId}`,
    text: `Покупатель: ${buyerName}, ${email}, ${phone}\n\n${summary}`,
    dedupeKey: `order-notice:${orderId}`,
  })
  await notifyStaff(tx, 'order.new', String(orderId), { subject: `новый заказ №${orderId} на ${formatRub(built.totals.total)}`, text: `Покупатель: ${buyerName}, ${phone}\n\n${summary}`, path: `/admin/orders/${orderId}/` })
}
