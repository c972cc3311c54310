import { z } from 'zod'

/**
 * Refunds of a paid order (ADR 165), the pure part: what is still refundable and what a request by
 * lines, by the delivery or in full comes to, in kopecks. The server reads the rows and locks the
 * order (refund.server.ts); the back office's dialog runs the same plan to show the sum before the
 * manager confirms.
 */

export const refundInput = z
  .strictObject({
    /** Lines and how many of their pieces go back. */
    lines: z
      .array(
        z.strictObject({
          id: z.number().int().positive(),
          quantity: z.number().int('Количество — целое число.').min(1, 'Количество — от 1.').max(9999, 'Количество — не больше 9999.'),
        }),
      )
      .max(200)
      .default([])
      .describe('Строки заказа и сколько штук вернуть'),
    delivery: z.boolean().default(false).describe('Вернуть и стоимость доставки (то, что от неё осталось)'),
    full: z.boolean().default(false).describe('Вернуть всё, что ещё не возвращено: товары, доставку, весь остаток оплаты'),
    /**
     * The sum to send instead of the computed one, as Shopify lets a manager type it: a goodwill
     * refund without lines, or less than the pieces' price (a damaged box the buyer keeps).
     */
    amount: z
      .number()
      .int('Сумма — в копейках, целым числом.')
      .min(1, 'Сумма — больше нуля.')
      .max(100_000_000)
      .optional()
      .describe('Копейки: своя сумма вместо рассчитанной по строкам'),
    comment: z.string().trim().max(1000, 'Комментарий — не длиннее 1000 символов.').default('').describe('Причина возврата, видна в истории заказа'),
    key: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .optional()
      .describe('Ключ запроса: повтор с тем же ключом вернёт уже сделанный возврат, а не второй'),
  })
  .refine((v) => v.full || v.lines.length > 0 || v.delivery || v.amount !== undefined, { message: 'Выберите, что вернуть.', path: ['lines'] })
  .refine((v) => new Set(v.lines.map((l) => l.id)).size === v.lines.length, { message: 'Строка заказа указана дважды.', path: ['lines'] })
export type RefundInput = z.output<typeof refundInput>

export type RefundRefusalKind = 'order-not-found' | 'nothing-paid' | 'unknown-line' | 'too-many' | 'no-delivery' | 'too-much' | 'nothing-left' | 'empty'

export const REFUND_MESSAGES: Record<RefundRefusalKind, string> = {
  'order-not-found': 'Заказ не найден.',
  'nothing-paid': 'По заказу нет онлайн-оплаты: вернуть деньги через платёжную систему нельзя. Оплату при получении возвращают наличными или переводом вне магазина.',
  'unknown-line': 'В заказе нет такой строки.',
  'too-many': 'Вернуть можно не больше, чем куплено и ещё не возвращено.',
  'no-delivery': 'Доставка бесплатная или уже возвращена.',
  'too-much': 'Сумма возврата больше, чем осталось от оплаты.',
  'nothing-left': 'Всё оплаченное уже возвращено.',
  'empty': 'Сумма возврата — 0 ₽: выберите товары или доставку.',
}

export interface RefundableOrder {
  /** What the buyer pays: goods after every discount, plus the delivery. */
  total: number
  goodsPrice: number
  deliveryPrice: number
  lines: readonly { id: number; name: string; quantity: number; sum: number }[]
}

/** Refunds already made or under way (failed ones gave nothing back and are left out). */
export interface RefundedSoFar {
  amount: number
  delivery: number
  /** Pieces returned per order line id. */
  pieces: ReadonlyMap<number, number>
}

export const NOTHING_REFUNDED: RefundedSoFar = { amount: 0, delivery: 0, pieces: new Map() }

export interface RefundPlanLine {
  lineId: number
  name: string
  quantity: number
  amount: number
}

export interface RefundPlan {
  lines: RefundPlanLine[]
  deliveryAmount: number
  amount: number
}

export type PlanResult = { ok: true; plan: RefundPlan } | { ok: false; kind: RefundRefusalKind }

/**
 * What each line really cost the buyer: its sum less its share of the coupon (the order's goods
 * minus what was paid for them), shared in proportion to the sums by largest remainder, so the
 * shares add up to the coupon to the kopeck.
 */
export function netLineSums(order: RefundableOrder): Map<number, number> {
  const goodsSum = order.lines.reduce((s, l) => s + l.sum, 0)
  const coupon = Math.max(0, Math.min(goodsSum, order.goodsPrice + order.deliveryPrice - order.total))
  const shares = order.lines.map((l) => {
    const exact = goodsSum > 0 ? (coupon * l.sum) / goodsSum : 0
    return { id: l.id, sum: l.sum, share: Math.floor(exact), remainder: exact - Math.floor(exact) }
  })
  let left = coupon - shares.reduce((s, x) => s + x.share, 0)
  for (const x of [...shares].sort((a, b) => b.remainder - a.remainder || a.id - b.id)) {
    if (left <= 0) break
    x.share += 1
    left -= 1
  }
  return new Map(shares.map((x) => [x.id, x.sum - x.share]))
}

/**
 * The price of pieces `from + 1 … from + count` of a line of `quantity` pieces costing `net` in all.
 * Cumulative floors: however the pieces are split over refunds, all of them come to `net` exactly.
 */
export function piecesAmount(net: number, quantity: number, from: number, count: number): number {
  if (quantity <= 0) return 0
  return Math.floor((net * (from + count)) / quantity) - Math.floor((net * from) / quantity)
}

export interface Refundable {
  /** Money paid online and not yet sent back. */
  money: number
  delivery: number
  lines: { lineId: number; name: string; quantity: number; amount: number }[]
}

/** What is still refundable of the order: pieces per line (with their price), delivery, money. */
export function refundable(order: RefundableOrder, paid: number, so: RefundedSoFar): Refundable {
  const nets = netLineSums(order)
  return {
    money: Math.max(0, paid - so.amount),
    delivery: Math.max(0, order.deliveryPrice - so.delivery),
    lines: order.lines.map((l) => {
      const done = Math.min(l.quantity, so.pieces.get(l.id) ?? 0)
      return { lineId: l.id, name: l.name, quantity: l.quantity - done, amount: piecesAmount(nets.get(l.id) ?? 0, l.quantity, done, l.quantity - done) }
    }),
  }
}

/**
 * Plans a refund request against the order and what was refunded before: refused by kind when it
 * asks for a line the order lacks, more pieces than are left, a delivery already returned or more
 * money than was paid and is left.
 */
export function planRefund(input: Pick<RefundInput, 'lines' | 'delivery' | 'full' | 'amount'>, order: RefundableOrder, paid: number, so: RefundedSoFar): PlanResult {
  if (paid <= 0) return { ok: false, kind: 'nothing-paid' }
  const left = refundable(order, paid, so)
  if (left.money <= 0) return { ok: false, kind: 'nothing-left' }
  const nets = netLineSums(order)
  const lines: RefundPlanLine[] = []
  if (input.full) {
    for (const l of left.lines) if (l.quantity > 0) lines.push({ lineId: l.lineId, name: l.name, quantity: l.quantity, amount: l.amount })
  } else {
    for (const wanted of input.lines) {
      const line = order.lines.find((l) => l.id === wanted.id)
      if (!line) return { ok: false, kind: 'unknown-line' }
      const done = Math.min(line.quantity, so.pieces.get(line.id) ?? 0)
      if (wanted.quantity > line.quantity - done) return { ok: false, kind: 'too-many' }
      lines.push({ lineId: line.id, name: line.name, quantity: wanted.quantity, amount: piecesAmount(nets.get(line.id) ?? 0, line.quantity, done, wanted.quantity) })
    }
  }
  if (input.delivery && !input.full && left.delivery <= 0) return { ok: false, kind: 'no-delivery' }
  const deliveryAmount = input.delivery || input.full ? left.delivery : 0
  const computed = lines.reduce((s, l) => s + l.amount, 0) + deliveryAmount
  // In full everything left goes back, whatever the pieces add up to (a plain-sum refund before).
  const amount = input.amount ?? (input.full ? left.money : computed)
  if (amount > left.money) return { ok: false, kind: 'too-much' }
  if (amount <= 0) return { ok: false, kind: 'empty' }
  return { ok: true, plan: { lines, deliveryAmount, amount } }
}

/**
 * Splits a sum over the payments it goes back from, oldest first, none beyond what is left of it
 * (a refund goes back along the payment it came with; providers refuse more than a payment's sum).
 */
export function splitOverPayments(amount: number, payments: readonly { id: number; left: number }[]): { paymentId: number; amount: number }[] {
  const parts: { paymentId: number; amount: number }[] = []
  let rest = amount
  for (const p of payments) {
    if (rest <= 0) break
    const take = Math.min(rest, p.left)
    if (take > 0) parts.push({ paymentId: p.id, amount: take })
    rest -= take
  }
  return parts
}

/** The facts a plan needs, as plain data a server page hands the refund dialog. */
export interface RefundFacts {
  order: RefundableOrder
  paid: number
  refunded: { amount: number; delivery: number; pieces: [number, number][] }
}

export function planFromFacts(input: Pick<RefundInput, 'lines' | 'delivery' | 'full' | 'amount'>, facts: RefundFacts): PlanResult {
  return planRefund(input, facts.order, facts.paid, { ...facts.refunded, pieces: new Map(facts.refunded.pieces) })
}
