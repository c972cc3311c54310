import { describe, expect, it } from 'vitest'
import {
  NEW_LEDGER,
  answerFields,
  changedFields,
  formFromOrder,
  isLatest,
  mergeAnswer,
  nextAttempt,
  noteEdits,
  noteRequest,
  withoutCheckoutKey,
  type AnswerFields,
  type FormState,
  type RequestLedger,
} from './checkout-form'
import type { OrderProperty, OrderState } from './checkout-wire'

const form = (over: Partial<FormState> = {}): FormState => ({
  personType: '1',
  profileId: '0',
  values: { PROP_NAME: '', PROP_EMAIL: '', LOCATION: 'moskva', MICRO_POINT_ID: '' },
  deliveryId: '',
  paySystemId: '',
  comment: '',
  subscribe: false,
  checkoutKey: 'key-1',
  ...over,
})

/** The page's moves, as the checkout page makes them: edits stamp fields, calls take tickets. */
class Page {
  ledger: RequestLedger = NEW_LEDGER
  constructor(public form: FormState) {}
  edit(change: (f: FormState) => FormState) {
    const after = change(this.form)
    this.ledger = noteEdits(this.ledger, changedFields(this.form, after))
    this.form = after
  }
  send(): { ticket: number; sent: FormState } {
    const { ledger, ticket } = noteRequest(this.ledger)
    this.ledger = ledger
    return { ticket, sent: this.form }
  }
  /** What the page does with an answer: drop it when stale, else merge it. */
  answer(ticket: number, server: AnswerFields) {
    if (isLatest(this.ledger, ticket)) this.form = mergeAnswer(this.form, server, this.ledger, ticket)
  }
}

/** The server's verdict on a sent form: it echoes the form unless told otherwise. */
const verdict = (sent: FormState, over: Partial<AnswerFields> = {}): AnswerFields => ({
  personType: sent.personType,
  profileId: sent.profileId,
  deliveryId: sent.deliveryId,
  paySystemId: sent.paySystemId,
  ...over,
  values: { ...sent.values, ...over.values },
})

describe('order call tickets', () => {
  it('counts only the latest call; edits do not make a call stale', () => {
    let ledger = NEW_LEDGER
    const first = noteRequest(ledger)
    ledger = first.ledger
    ledger = noteEdits(ledger, ['values.PROP_NAME'])
    expect(isLatest(ledger, first.ticket)).toBe(true)
    const second = noteRequest(ledger)
    ledger = second.ledger
    expect(isLatest(ledger, first.ticket)).toBe(false)
    expect(isLatest(ledger, second.ticket)).toBe(true)
    expect(second.ticket).toBeGreaterThan(first.ticket)
  })

  /** A courier refresh (A) still under way when the buyer switches to a pickup point (B). */
  const twoCalls = () => {
    const page = new Page(form({ deliveryId: '1' }))
    const a = page.send()
    page.edit((f) => ({ ...f, deliveryId: '4' }))
    const b = page.send()
    const answerA = verdict(a.sent, { values: { MICRO_DELIVERY_PRICE: '349' } })
    const answerB = verdict(b.sent, { values: { MICRO_DELIVERY_PRICE: '199' } })
    return { page, a, b, answerA, answerB }
  }

  it('drops a late answer to an earlier call: the delivery chosen since and its price stay', () => {
    const { page, a, b, answerA, answerB } = twoCalls()
    page.answer(b.ticket, answerB)
    page.answer(a.ticket, answerA)
    expect(page.form.deliveryId).toBe('4')
    expect(page.form.values.MICRO_DELIVERY_PRICE).toBe('199')
  })

  it('control: merged instead of dropped, the late answer would put the courier price back', () => {
    const { page, a, b, answerA, answerB } = twoCalls()
    page.answer(b.ticket, answerB)
    expect(mergeAnswer(page.form, answerA, page.ledger, a.ticket).values.MICRO_DELIVERY_PRICE).toBe('349')
  })

  it('control: the same kind of answer, when it is the latest, is the verdict on the delivery', () => {
    const page = new Page(form({ deliveryId: '4' }))
    const a = page.send()
    page.answer(a.ticket, verdict(a.sent, { deliveryId: '' }))
    expect(page.form.deliveryId).toBe('')
  })
})

describe('merging the latest answer into the form', () => {
  it('keeps what the buyer typed after the request left', () => {
    const page = new Page(form())
    const a = page.send()
    page.edit((f) => ({ ...f, values: { ...f.values, PROP_NAME: 'Анна', PROP_EMAIL: 'anna@example.ru' } }))
    page.answer(a.ticket, verdict(a.sent))
    expect(page.form.values).toMatchObject({ PROP_NAME: 'Анна', PROP_EMAIL: 'anna@example.ru' })
  })

  it('control: a field typed before the request left takes the server’s copy', () => {
    const page = new Page(form())
    page.edit((f) => ({ ...f, values: { ...f.values, PROP_EMAIL: '' } }))
    const a = page.send()
    // A signed-in buyer's empty e-mail is filled from the account by the server (contract, point 3).
    page.answer(a.ticket, verdict(a.sent, { values: { PROP_EMAIL: 'maria@example.ru' } }))
    expect(page.form.values.PROP_EMAIL).toBe('maria@example.ru')
  })

  it('takes the server’s fields the buyer has not touched, beside the ones typed meanwhile', () => {
    const page = new Page(form({ deliveryId: '2', paySystemId: '3' }))
    const a = page.send()
    page.edit((f) => ({ ...f, values: { ...f.values, PROP_NAME: 'Анна' } }))
    page.answer(
      a.ticket,
      verdict(a.sent, { deliveryId: '', paySystemId: '', values: { PROP_NAME: '', MICRO_DELIVERY_PRICE: '199' } }),
    )
    expect(page.form).toMatchObject({ deliveryId: '', paySystemId: '' })
    expect(page.form.values).toMatchObject({ PROP_NAME: 'Анна', MICRO_DELIVERY_PRICE: '199' })
  })

  it('keeps values the answer does not state, and the page’s own comment, subscription and key', () => {
    const local = form({ comment: 'позвонить', subscribe: true, values: { PROP_NAME: 'Анна', EXTRA: 'x' } })
    const merged = mergeAnswer(local, { ...verdict(local), values: { PROP_NAME: 'Анна' } }, NEW_LEDGER, 1)
    expect(merged).toMatchObject({ comment: 'позвонить', subscribe: true, checkoutKey: 'key-1' })
    expect(merged.values.EXTRA).toBe('x')
  })

  it('keeps the page’s person type when the answer checks none', () => {
    expect(mergeAnswer(form({ personType: '2' }), { ...verdict(form()), personType: '' }, NEW_LEDGER, 1).personType).toBe('2')
  })
})

describe('edits', () => {
  it('names the changed choices and values, including a removed value', () => {
    const before = form({ values: { PROP_NAME: 'Анна', PROP_EMAIL: 'a@b.ru' } })
    const after = { ...before, deliveryId: '4', values: { PROP_NAME: 'Анн' } }
    expect(changedFields(before, after).sort()).toEqual(['deliveryId', 'values.PROP_EMAIL', 'values.PROP_NAME'])
  })

  it('leaves the ledger alone when nothing an answer could overwrite changed', () => {
    const before = form()
    expect(changedFields(before, { ...before, comment: 'x' })).toEqual([])
    expect(noteEdits(NEW_LEDGER, [])).toBe(NEW_LEDGER)
  })
})

describe('the server’s copy of the form', () => {
  const prop = (ID: string, CODE: string, value: string): OrderProperty => ({
    ID,
    CODE,
    TYPE: 'STRING',
    NAME: CODE,
    DESCRIPTION: '',
    PROPS_GROUP_ID: '1',
    SORT: Number(ID),
    DEFAULT_VALUE: null,
    VALUE: [value],
    REQUIRED: 'N',
    IS_EMAIL: 'N',
    IS_PHONE: 'N',
    IS_LOCATION: CODE === 'LOCATION' ? 'Y' : 'N',
    IS_ADDRESS: 'N',
  })
  const order = {
    PERSON_TYPE: { '1': { ID: '1', NAME: 'Физическое лицо', SORT: 1, CHECKED: 'Y' }, '2': { ID: '2', NAME: 'Юридическое лицо', SORT: 2 } },
    USER_PROFILES: {},
    ORDER_PROP: { groups: [], properties: [prop('1', 'PROP_NAME', 'Мария'), prop('2', 'LOCATION', 'moskva')] },
    DELIVERY: { '1': { ID: '1', NAME: 'Курьер', DESCRIPTION: '', SORT: 1, FIELD_NAME: 'DELIVERY_ID' }, '4': { ID: '4', NAME: 'СДЭК', DESCRIPTION: '', SORT: 2, FIELD_NAME: 'DELIVERY_ID', CHECKED: 'Y' } },
    PAY_SYSTEM: [],
    ORDER_DESCRIPTION: 'из ответа',
  } as unknown as OrderState

  it('reads the checked choices and the property values', () => {
    expect(answerFields(order)).toEqual({
      personType: '1',
      profileId: '0',
      values: { PROP_NAME: 'Мария', LOCATION: 'moskva' },
      deliveryId: '4',
      paySystemId: '',
    })
  })

  it('a new attempt keeps what was typed under a new key, in the page and in the stored copy (ADR 031)', () => {
    const kept = form({ values: { ...form().values, PROP_NAME: 'Анна' }, deliveryId: '4', comment: 'звонить' })
    const next = nextAttempt(kept)
    expect(next.checkoutKey).not.toBe(kept.checkoutKey)
    expect(next.checkoutKey).not.toBe('')
    expect({ ...next, checkoutKey: kept.checkoutKey }).toEqual(kept)
    const restarted = formFromOrder(order, withoutCheckoutKey(kept))
    expect(restarted.checkoutKey).not.toBe(kept.checkoutKey)
    expect(restarted).toMatchObject({ deliveryId: '4', comment: 'звонить', values: { PROP_NAME: 'Анна' } })
  })

  it('control: a stored form whose attempt is not over keeps its key on reload', () => {
    const kept = form({ checkoutKey: 'still-open' })
    expect(formFromOrder(order, kept).checkoutKey).toBe('still-open')
  })

  it('puts what this tab kept over the server’s defaults on first load', () => {
    const start = formFromOrder(order, { values: { PROP_NAME: 'Анна' }, deliveryId: '1', checkoutKey: 'kept' })
    expect(start).toMatchObject({ deliveryId: '1', checkoutKey: 'kept', comment: 'из ответа' })
    expect(start.values).toEqual({ PROP_NAME: 'Анна', LOCATION: 'moskva' })
  })
})
