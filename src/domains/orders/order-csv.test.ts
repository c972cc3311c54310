import { describe, expect, it } from 'vitest'
import { csvMoscowTime, csvRubles, ordersCsv, type OrderCsvRow } from './order-csv'

const row: OrderCsvRow = {
  id: 1042,
  createdAt: '2026-03-01T21:30:00.000Z',
  status: 'assembling',
  paid: true,
  buyerName: 'Иванова; Анна "Аня"',
  phone: '+7 (999) 123-45-67',
  email: 'anna@example.ru',
  city: 'Москва',
  deliveryName: 'Курьерская доставка',
  paySystemName: 'Банковской картой онлайн',
  couponCode: 'VITA10',
  items: 3,
  goodsPrice: 123_405,
  deliveryPrice: 0,
  total: 123_405,
  trackNumber: null,
}

describe('ordersCsv', () => {
  it('writes Russian headers, ; between fields, CRLF between lines', () => {
    const [header, line, end] = ordersCsv([row]).split('\r\n')
    expect(header).toBe('Номер;Дата;Статус;Оплата;Покупатель;Телефон;E-mail;Город;Доставка;Способ оплаты;Промокод;Товаров, шт.;Товары, руб.;Доставка, руб.;Итого, руб.;Трек-номер')
    expect(line).toBe(
      `1042;02.03.2026 00:30;Собирается;Оплачен;"Иванова; Анна ""Аня""";'+7 (999) 123-45-67;anna@example.ru;Москва;Курьерская доставка;Банковской картой онлайн;VITA10;3;1234,05;0,00;1234,05;`,
    )
    expect(end).toBe('')
  })

  it('quotes a name with a line break so the row stays one record', () => {
    const csv = ordersCsv([{ ...row, buyerName: 'Анна\nПетрова' }])
    expect(csv).toContain(';"Анна\nПетрова";')
  })

  it('has only the header for an empty list', () => {
    expect(ordersCsv([]).split('\r\n')).toHaveLength(2)
  })
})

describe('csvRubles and csvMoscowTime', () => {
  it('writes kopecks as rubles with a comma', () => {
    expect([csvRubles(0), csvRubles(5), csvRubles(100), csvRubles(123_456_789), csvRubles(-150)]).toEqual(['0,00', '0,05', '1,00', '1234567,89', '-1,50'])
  })

  it('shows the Moscow day and time of a UTC instant', () => {
    expect(csvMoscowTime('2026-12-31T20:59:00Z')).toBe('31.12.2026 23:59')
    expect(csvMoscowTime('2026-12-31T21:00:00Z')).toBe('01.01.2027 00:00')
  })
})
