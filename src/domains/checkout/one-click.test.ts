import { describe, expect, it } from 'vitest'
import { holidayMessagesAt, oneClickError, oneClickInput } from './one-click'

describe('one-click holiday messages', () => {
  const messages = { start: 'Менеджер позвонит с 3 января.', thanks: 'Заказ принят! Менеджер позвонит с 3 января.' }
  const setting = { from: '2024-12-31', to: '2025-01-02', ...messages }
  it.each([
    ['2024-12-30T20:59:59Z', null],
    ['2024-12-30T21:00:00Z', messages],
    ['2025-01-02T20:59:59Z', messages],
    ['2025-01-02T21:00:00Z', null],
  ])('at %s (Moscow date decides) → %o', (iso, expected) => {
    expect(holidayMessagesAt(setting, new Date(iso))).toEqual(expected)
  })
  it('ignores a malformed setting, also the old one-text shape', () => {
    expect(holidayMessagesAt({ from: 1 }, new Date())).toBeNull()
    expect(holidayMessagesAt({ from: '2024-12-31', to: '2025-01-02', text: 'Заказ принят!' }, new Date('2025-01-01T12:00:00Z'))).toBeNull()
  })
})

describe('one-click form rules', () => {
  const ok = { UF_NAME: 'Анна Иванова', UF_CITY: 'Москва', UF_PHONE: '+7 (912) 345-67-89', UF_EMAIL: 'anna@example.ru' }
  it.each([
    [{}, null],
    [{ UF_NAME: ' ' }, 'Заполните поле "Имя и фамилия"'],
    [{ UF_NAME: 'Anna' }, 'Заполните поле "Имя и фамилия"'],
    [{ UF_CITY: '' }, 'Заполните поле "Населенный пункт"'],
    [{ UF_PHONE: '' }, 'Заполните поле "Контактный телефон"'],
    [{ UF_PHONE: '+7 (912) 345' }, 'Введите корректный телефон.'],
    [{ UF_EMAIL: 'anna' }, 'Заполните поле "Email-адрес"'],
  ])('%j → %s', (over, message) => {
    expect(oneClickError({ ...ok, ...over })).toBe(message)
  })
  it('strips what the fields do not take as typed', () => {
    expect(oneClickInput.name('Anna Анна1!')).toBe(' Анна')
    expect(oneClickInput.city('Москва 2-я')).toBe('Москва 2я')
  })
})
