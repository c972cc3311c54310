import { describe, expect, it } from 'vitest'
import { FORM_MESSAGES as M, isAgreed, normalizePage, questionKind, ratingCookieName, validateQuestion } from './forms'

const good = { NAME: 'Анна', EMAIL: 'anna@mail.ru', PHONE: '+7 (912) 345-67-89', MESSAGE: 'Можно ли детям?' }

describe('question rules, in the spec order', () => {
  it('product form: name, e-mail, phone, message', () => {
    expect(validateQuestion('product', {})).toMatchObject({ ok: false, error: M.name })
    expect(validateQuestion('product', { ...good, NAME: ' ', EMAIL: 'bad' })).toMatchObject({ error: M.name })
    expect(validateQuestion('product', { ...good, EMAIL: 'anna@mail', PHONE: '' })).toMatchObject({ error: M.email })
    expect(validateQuestion('product', { ...good, EMAIL: 'anna@mail.online' })).toMatchObject({ error: M.email })
    expect(validateQuestion('product', { ...good, PHONE: '+7 (912) 345-67', MESSAGE: '' })).toMatchObject({ error: M.phone })
    expect(validateQuestion('product', { ...good, MESSAGE: '  ' })).toMatchObject({ error: M.message })
    expect(validateQuestion('product', good)).toEqual({
      ok: true,
      value: { name: 'Анна', email: 'anna@mail.ru', phone: '79123456789', message: 'Можно ли детям?', theme: '' },
    })
  })
  it('contact form checks the theme first', () => {
    expect(validateQuestion('contact', {})).toMatchObject({ error: M.theme })
    expect(validateQuestion('contact', { ...good, THEME: 'nope' })).toMatchObject({ error: M.theme })
    expect(validateQuestion('contact', { THEME: 'delivery' })).toMatchObject({ error: M.name })
    expect(validateQuestion('contact', { ...good, THEME: 'wholesale' })).toMatchObject({ ok: true, value: { theme: 'wholesale' } })
  })
  it('nutritionist form: no phone, e-mail suffix of 2–8 letters', () => {
    expect(validateQuestion('nutritionist', { ...good, PHONE: '' })).toMatchObject({ ok: true, value: { phone: '' } })
    expect(validateQuestion('nutritionist', { ...good, EMAIL: 'a@b.online' })).toMatchObject({ ok: true })
    expect(validateQuestion('nutritionist', { ...good, EMAIL: 'a@b.abcdefghi' })).toMatchObject({ error: M.email })
    expect(validateQuestion('nutritionist', { ...good, MESSAGE: '' })).toMatchObject({ error: M.message })
  })
  it('tells the forms apart', () => {
    expect(questionKind({ THEME: 'other' })).toBe('contact')
    expect(questionKind({ FORM: 'nutritionist' })).toBe('nutritionist')
    expect(questionKind({})).toBe('product')
  })
})

describe('helpers', () => {
  it('reads the agreement flag', () => {
    expect(['Y', 'true', 'on', '1'].map(isAgreed)).toEqual([true, true, true, true])
    expect(['N', '', 'false', undefined].map(isAgreed)).toEqual([false, false, false, false])
  })
  it('stores pages as paths', () => {
    expect(normalizePage('/eco/')).toBe('/eco/')
    expect(normalizePage('https://shop.ru/eco/?a=1#x')).toBe('/eco/')
    expect(normalizePage('')).toBe('/')
    expect(normalizePage('health')).toBe('/health')
  })
  it('names one cookie per article', () => {
    expect(ratingCookieName('vitamin-d')).toBe('article_rating_vitamin-d')
  })
})
