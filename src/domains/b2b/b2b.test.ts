import { describe, expect, it } from 'vitest'
import { B2B_MESSAGES, COMPANY_SIZES, contactErrors, formatEventDate, isEventOpen } from './b2b'

describe('B2B rules', () => {
  it('requires name, phone and e-mail with the spec messages', () => {
    expect(contactErrors({ name: ' ', phone: '', email: '' })).toEqual({
      name: 'Обязательное поле',
      phone: 'Обязательное поле',
      email: 'Обязательное поле',
    })
    expect(contactErrors({ name: 'Иван', phone: '12345', email: 'ivan@' })).toEqual({
      phone: 'Номер некорректен',
      email: 'Email некорректен',
    })
    expect(contactErrors({ name: 'Иван', phone: '+7 (912) 345-67-89', email: 'ivan@firma.ru' })).toEqual({})
    expect(contactErrors({ name: 'Иван', phone: '89123456789', email: 'ivan@firma.ru' })).toEqual({})
  })

  it('offers the spec company sizes and the corrected error text', () => {
    expect(COMPANY_SIZES).toEqual(['до 50', 'до 100', 'до 500', 'до 1000', 'до 3000', 'более 3000'])
    expect(B2B_MESSAGES.failed).toBe('Произошла ошибка, попробуйте повторить попытку позже.')
    expect(B2B_MESSAGES.interests).toBe('Пожалуйста, отметьте хотя бы один интерес.')
  })

  it('shows webinar dates as dd.mm.yyyy hh:mm in Moscow time', () => {
    expect(formatEventDate(new Date('2026-12-03T09:00:00Z'))).toBe('03.12.2026 12:00')
  })

  it('closes registration once the webinar has started', () => {
    const start = new Date('2026-12-03T09:00:00Z')
    expect(isEventOpen(start, new Date('2026-12-03T08:59:00Z'))).toBe(true)
    expect(isEventOpen(start, new Date('2026-12-03T09:00:00Z'))).toBe(false)
  })
})
