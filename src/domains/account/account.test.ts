import { describe, expect, it } from 'vitest'
import {
  ACCOUNT_MESSAGES as M,
  addressRows,
  canAddAddressAfter,
  changePasswordProblem,
  hasTripleRepeat,
  isValidEmail,
  loginFormProblem,
  parseBirthday,
  registerProblem,
  removeAddressRow,
  safeBackUrl,
  stripName,
  todayInMoscow,
} from './account'

describe('e-mail pattern', () => {
  it.each(['anna@mail.ru', 'a.b-c+d@sub.domain.info', 'ivan_1@ya.ru'])('accepts %s', (e) => expect(isValidEmail(e)).toBe(true))
  it.each(['anna@', 'anna@mail', 'anna@mail.r', 'anna@mail.abcde', 'an na@mail.ru', ''])('refuses %s', (e) => expect(isValidEmail(e)).toBe(false))
  it('answers a long hostile input at once (no catastrophic backtracking)', () => {
    // Backtracking on this input would take longer than the universe has left, and a linear check takes
    // microseconds: a bound a thousand times the expected time tells them apart on any machine.
    const started = performance.now()
    expect(isValidEmail(`${'a.'.repeat(120)}@${'b-'.repeat(60)}`)).toBe(false)
    expect(performance.now() - started).toBeLessThan(1_000)
  })
})

describe('registration rules', () => {
  it('strips digits and @ from names as typed', () => expect(stripName('Ан1на@2')).toBe('Анна'))
  it('refuses three equal characters in a row, allows two', () => {
    expect(hasTripleRepeat('abccc123')).toBe(true)
    expect(hasTripleRepeat('aabbcc11')).toBe(false)
    expect(hasTripleRepeat('жжж')).toBe(true)
  })
  it('checks name, e-mail, length, repeats, confirmation in that order', () => {
    const ok = { email: 'a@b.ru', name: 'Анна', password: 'Zelenyi-42', confirm: 'Zelenyi-42' }
    expect(registerProblem(ok)).toBeNull()
    expect(registerProblem({ ...ok, name: '42' })?.message).toBe(M.nameEmptyRegister)
    expect(registerProblem({ ...ok, email: 'a@b' })?.message).toBe(M.email)
    expect(registerProblem({ ...ok, password: 'short', confirm: 'short' })?.message).toBe(M.passwordShort)
    expect(registerProblem({ ...ok, password: 'aaa-bbbbb', confirm: 'aaa-bbbbb' })?.message).toBe(M.passwordRepeats)
    expect(registerProblem({ ...ok, confirm: 'other-pass' })).toEqual({ field: 'confirm', message: M.passwordsDiffer })
  })
})

describe('login form', () => {
  it('uses the spec’s messages', () => {
    expect(loginFormProblem('', '')).toBe(M.loginEmpty)
    expect(loginFormProblem('anna', '12345678')).toBe(M.email)
    expect(loginFormProblem('anna@mail.ru', '1234567')).toBe(M.passwordShort)
    expect(loginFormProblem('anna@mail.ru', '12345678')).toBeNull()
  })
})

describe('change password rules, in the spec’s order', () => {
  it.each([
    ['', 'newpass12', 'newpass12', M.changeAllRequired],
    ['oldpass12', 'newpass12', '', M.changeAllRequired],
    ['oldpass', 'newpass12', 'newpass12', M.changeShort],
    ['samepass1', 'samepass1', 'samepass1', M.changeSame],
    ['oldpass12', 'newpass12', 'newpass13', M.changeRepeatDiffers],
    ['oldpass12', 'newpass12', 'newpass12', null],
  ])('%s / %s / %s → %s', (o, n, r, message) => expect(changePasswordProblem(o, n, r)).toBe(message))
})

describe('birth date', () => {
  it('reads both forms and refuses impossible dates', () => {
    expect(parseBirthday('1990-05-17')).toBe('1990-05-17')
    expect(parseBirthday('17.05.1990')).toBe('1990-05-17')
    expect(parseBirthday('31.02.1990')).toBeNull()
    expect(parseBirthday('1890-01-01')).toBeNull()
    expect(parseBirthday('tomorrow')).toBeNull()
  })
  it('today is Moscow’s date', () => expect(todayInMoscow(new Date('2026-01-01T22:30:00Z'))).toBe('2026-01-02'))
})

describe('address rows', () => {
  it('offer the add link only on the last non-empty row, up to 3', () => {
    expect(addressRows([])).toEqual([''])
    expect(canAddAddressAfter([''], 0)).toBe(false)
    expect(canAddAddressAfter(['Дом'], 0)).toBe(true)
    expect(canAddAddressAfter(['Дом', 'Работа'], 0)).toBe(false)
    expect(canAddAddressAfter(['Дом', 'Работа', 'Дача'], 2)).toBe(false)
  })
  it('clear the first row instead of deleting it; delete the others', () => {
    expect(removeAddressRow(['Дом', 'Работа'], 0)).toEqual(['', 'Работа'])
    expect(removeAddressRow(['Дом'], 0)).toEqual([''])
    expect(removeAddressRow(['Дом', 'Работа', 'Дача'], 1)).toEqual(['Дом', 'Дача'])
  })
})

describe('back url after signing in', () => {
  it('keeps a local path with its anchor, refuses other sites', () => {
    expect(safeBackUrl('/catalog/immunitet/vitamin-c/#reviews')).toBe('/catalog/immunitet/vitamin-c/#reviews')
    expect(safeBackUrl('//evil.example/')).toBeNull()
    expect(safeBackUrl('/\\evil.example')).toBeNull()
    expect(safeBackUrl('https://evil.example/')).toBeNull()
    expect(safeBackUrl(null)).toBeNull()
  })
})
