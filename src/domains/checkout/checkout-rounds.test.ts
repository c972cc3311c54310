import { describe, expect, it } from 'vitest'
import { INITIAL_ROUNDS, reduceRounds, roundOf, visibleBlocks, type RoundEvent, type RoundState } from './checkout-rounds'

const run = (events: RoundEvent[], from: RoundState = INITIAL_ROUNDS) => events.reduce(reduceRounds, from)
const refreshed = (over: Partial<Extract<RoundEvent, { type: 'refreshed' }>> = {}): RoundEvent => ({
  type: 'refreshed',
  location: 'moskva',
  offered: ['1', '4'],
  checkedDelivery: '1',
  deliveryValid: true,
  checkedPaySystem: '',
  ...over,
})

describe('checkout rounds (readings A and B reconciled)', () => {
  it('starts in round 1 with only contacts and location', () => {
    expect(roundOf(INITIAL_ROUNDS)).toBe(1)
    expect(visibleBlocks(INITIAL_ROUNDS)).toMatchObject({ contacts: true, location: true, deliveries: false, paySystems: false })
  })

  it('goes to round 2 when a location is chosen, and shows the payment list only after a delivery', () => {
    const s = run([{ type: 'location', code: 'moskva' }])
    expect(roundOf(s)).toBe(2)
    expect(visibleBlocks(s)).toMatchObject({ deliveries: true, paySystems: false })
    const withDelivery = reduceRounds(s, { type: 'delivery', id: '1' })
    expect(roundOf(withDelivery)).toBe(2)
    expect(visibleBlocks(withDelivery).paySystems).toBe(true)
  })

  it('reaches round 3 when the delivery fields are filled; the information block needs a payment too', () => {
    const s = run([{ type: 'location', code: 'moskva' }, { type: 'delivery', id: '1' }, { type: 'deliveryFields', ready: true }])
    expect(roundOf(s)).toBe(3)
    expect(visibleBlocks(s).deliveryInfo).toBe(false)
    expect(visibleBlocks(reduceRounds(s, { type: 'paySystem', id: '2' }))).toMatchObject({ deliveryInfo: true, confirm: true })
  })

  it('clears the delivery when the location changes', () => {
    const s = run([{ type: 'location', code: 'moskva' }, { type: 'delivery', id: '1' }, { type: 'deliveryFields', ready: true }, { type: 'location', code: 'kazan' }])
    expect(s.deliveryId).toBe('')
    expect(roundOf(s)).toBe(2)
  })

  it('ignores a delivery without a location and field readiness without a delivery', () => {
    expect(run([{ type: 'delivery', id: '1' }]).deliveryId).toBe('')
    expect(run([{ type: 'location', code: 'moskva' }, { type: 'deliveryFields', ready: true }]).deliveryReady).toBe(false)
  })

  it.each([
    ['a delivery no longer offered', refreshed({ offered: ['4'] }), 2, ''],
    ['an invalid delivery', refreshed({ deliveryValid: false }), 2, '1'],
    ['no delivery kept by the server', refreshed({ checkedDelivery: '' }), 2, ''],
    ['no location', refreshed({ location: '' }), 1, ''],
    ['a valid delivery', refreshed(), 3, '1'],
  ])('after a refresh with %s falls to the right round', (_name, event, round, delivery) => {
    const before = run([{ type: 'location', code: 'moskva' }, { type: 'delivery', id: '1' }, { type: 'deliveryFields', ready: true }])
    const s = reduceRounds(before, event)
    expect(roundOf(s)).toBe(round)
    expect(s.deliveryId).toBe(delivery)
  })

  it('takes the pay system the server kept', () => {
    expect(reduceRounds(run([{ type: 'paySystem', id: '9' }]), refreshed({ checkedPaySystem: '' })).paySystemId).toBe('')
  })
})
