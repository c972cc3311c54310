import { describe, expect, it } from 'vitest'
import { formatPhone, hasMobileOperatorCode, isValidPhone, phoneDigits } from './phone'

describe('Russian phone numbers', () => {
  it('normalises 8 and 10-digit forms to 7XXXXXXXXXX', () => {
    expect(phoneDigits('8 (912) 345-67-89')).toBe('79123456789')
    expect(phoneDigits('9123456789')).toBe('79123456789')
  })
  it('needs exactly 11 digits', () => {
    expect(isValidPhone('+7 (912) 345-67-89')).toBe(true)
    expect(isValidPhone('+7 (912) 345-67')).toBe(false)
  })
  it('checks the mobile operator code', () => {
    expect(hasMobileOperatorCode('+7 (912) 345-67-89')).toBe(true)
    expect(hasMobileOperatorCode('+7 (495) 345-67-89')).toBe(false)
  })
  it('masks as typed', () => {
    expect(formatPhone('9')).toBe('+7 (9')
    expect(formatPhone('912345')).toBe('+7 (912) 345')
    expect(formatPhone('89123456789')).toBe('+7 (912) 345-67-89')
    expect(formatPhone('+7 (912) 345-67-8999')).toBe('+7 (912) 345-67-89')
  })
})
