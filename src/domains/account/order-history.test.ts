import { describe, expect, it } from 'vitest'
import { deliveryKind, historyDate, propText } from './order-history'

describe('order history mapping', () => {
  it('names delivery kinds as the spec does', () => {
    expect(['courier', 'postal', 'pickup', 'teleport'].map(deliveryKind)).toEqual(['courier', 'postal', 'point', null])
  })
  it('dates orders by Moscow’s calendar', () => expect(historyDate(new Date('2026-12-31T21:30:00Z'))).toBe('01.01.2027'))
  it('treats a blank prop as missing', () => {
    expect(propText({ TRACK_NUMBER: '  ' }, 'TRACK_NUMBER')).toBeNull()
    expect(propText({ FITO_ID: 'Ф1' }, 'FITO_ID')).toBe('Ф1')
  })
})
