/**
 * The checkout form as the page holds it, and how the server's answers merge into it (ADR 035).
 *
 * Every order call (refresh, coupon, save) takes a ticket from one clock that also stamps the buyer's
 * edits. An answer counts only if its ticket is the latest one issued: an older answer describes a form
 * the buyer has since changed. The latest answer is the server's verdict on every field, except the
 * fields the buyer edited after its request left; those keep what the buyer typed.
 */
import type { OrderState } from './checkout-wire'

export interface FormState {
  personType: string
  profileId: string
  /** Property values by code. */
  values: Record<string, string>
  deliveryId: string
  paySystemId: string
  comment: string
  subscribe: boolean
  /** One key per checkout attempt (ADR 031): a double submit gets the first order. */
  checkoutKey: string
}

export function newCheckoutKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`
}

/**
 * The attempt is over (ADR 031): an order was placed, or the server found the basket empty (also after
 * a save whose answer was lost). What the buyer typed stays; the next save is a new attempt, so it
 * must not carry the old key, which would get the old order back.
 */
export function nextAttempt(form: FormState): FormState {
  return { ...form, checkoutKey: newCheckoutKey() }
}

/** A stored form whose attempt is over: without its key, the page that starts from it makes a new one. */
export function withoutCheckoutKey(stored: Partial<FormState>): Partial<FormState> {
  return Object.fromEntries(Object.entries(stored).filter(([field]) => field !== 'checkoutKey'))
}

/** The fields an answer states, as the server filled them. */
export type AnswerFields = Pick<FormState, 'personType' | 'profileId' | 'values' | 'deliveryId' | 'paySystemId'>

export function answerFields(order: OrderState): AnswerFields {
  const values: Record<string, string> = {}
  for (const p of order.ORDER_PROP.properties) if (p.CODE) values[p.CODE] = p.VALUE[0] ?? ''
  return {
    personType: Object.values(order.PERSON_TYPE).find((t) => t.CHECKED === 'Y')?.ID ?? '',
    profileId: Object.values(order.USER_PROFILES).find((p) => p.CHECKED === 'Y')?.ID ?? '0',
    values,
    deliveryId: Object.values(order.DELIVERY).find((d) => d.CHECKED === 'Y')?.ID ?? '',
    paySystemId: order.PAY_SYSTEM.find((p) => p.CHECKED === 'Y')?.ID ?? '',
  }
}

/** The form as the server filled it, with what this tab kept from an earlier visit on top. */
export function formFromOrder(order: OrderState, previous?: Partial<FormState>): FormState {
  const server = answerFields(order)
  return {
    ...server,
    values: { ...server.values, ...previous?.values },
    deliveryId: previous?.deliveryId ?? server.deliveryId,
    paySystemId: previous?.paySystemId ?? server.paySystemId,
    comment: previous?.comment ?? order.ORDER_DESCRIPTION,
    subscribe: previous?.subscribe ?? false,
    checkoutKey: previous?.checkoutKey || newCheckoutKey(),
  }
}

/** Field names of the edit ledger: the top-level choices, and `values.<CODE>` for properties. */
const CHOICES = ['personType', 'profileId', 'deliveryId', 'paySystemId'] as const
const valueField = (code: string) => `values.${code}`

/** The fields an answer could overwrite that differ between two forms. */
export function changedFields(before: FormState, after: FormState): string[] {
  const changed: string[] = CHOICES.filter((c) => before[c] !== after[c])
  for (const code of new Set([...Object.keys(before.values), ...Object.keys(after.values)])) {
    if (before.values[code] !== after.values[code]) changed.push(valueField(code))
  }
  return changed
}

export interface RequestLedger {
  /** One clock for edits and requests, so "edited after the request left" is a comparison. */
  clock: number
  /** Ticket of the latest order call; only its answer is applied. */
  latest: number
  /** Clock reading of the buyer's last edit, by field. */
  editedAt: Readonly<Record<string, number>>
}

export const NEW_LEDGER: RequestLedger = { clock: 0, latest: 0, editedAt: {} }

export function noteEdits(ledger: RequestLedger, fields: readonly string[]): RequestLedger {
  if (fields.length === 0) return ledger
  const clock = ledger.clock + 1
  const editedAt = { ...ledger.editedAt }
  for (const f of fields) editedAt[f] = clock
  return { ...ledger, clock, editedAt }
}

/** A request leaves now: its ticket, and the ledger that makes every earlier ticket stale. */
export function noteRequest(ledger: RequestLedger): { ledger: RequestLedger; ticket: number } {
  const ticket = ledger.clock + 1
  return { ledger: { ...ledger, clock: ticket, latest: ticket }, ticket }
}

export const isLatest = (ledger: RequestLedger, ticket: number): boolean => ticket === ledger.latest

/**
 * The latest answer merged into the form: the server's copy of each field it states, unless the buyer
 * edited that field after the request left. Comment, subscription and checkout key are the page's own:
 * the server only echoes them. Values the answer does not state stay as they are.
 */
export function mergeAnswer(local: FormState, server: AnswerFields, ledger: RequestLedger, ticket: number): FormState {
  const editedSince = (field: string) => (ledger.editedAt[field] ?? 0) > ticket
  const values = { ...local.values }
  for (const [code, value] of Object.entries(server.values)) {
    if (!editedSince(valueField(code))) values[code] = value
  }
  const merged: FormState = { ...local, values }
  for (const c of CHOICES) if (!editedSince(c)) merged[c] = server[c]
  // An answer without a person type (none configured as checked) keeps the page's.
  if (!merged.personType) merged.personType = local.personType
  return merged
}
