import { describe, expect, it } from 'vitest'
import { handsOut, inCity, postOffice, searchArea, settlementKey, streetAddress, tariffAnswer, tariffErrors, tariffQuery, toCarrierPoint, toQuote, workTimeText } from './pochta'

const office = (over: Record<string, unknown> = {}) =>
  postOffice.parse({
    'postal-code': '420015',
    'address-source': 'г Казань, ул Пушкина, д 5',
    latitude: '55.79',
    longitude: 49.12,
    'type-code': 'ГОПС',
    settlement: 'Казань',
    'working-hours': [
      { 'weekday-id': 1, 'begin-worktime': '08:00:00.000', 'end-worktime': '20:00:00.000' },
      { 'weekday-id': 2, 'begin-worktime': '08:00:00.000', 'end-worktime': '20:00:00.000' },
      { 'weekday-id': 3, 'begin-worktime': '08:00:00.000', 'end-worktime': '20:00:00.000' },
      { 'weekday-id': 4, 'begin-worktime': '08:00:00.000', 'end-worktime': '20:00:00.000' },
      { 'weekday-id': 5, 'begin-worktime': '08:00:00.000', 'end-worktime': '19:00:00.000' },
      { 'weekday-id': 6, 'begin-worktime': '9:00', 'end-worktime': '14:00' },
    ],
    phones: [{ 'phone-number': '2643310', 'phone-town-code': '843' }, { 'phone-number': '2643311', 'is-fax': true }],
    ...over,
  })

describe('Почта России wire shapes', () => {
  it('writes a week of hours as one line, equal neighbouring days joined, an unlisted day off', () => {
    expect(workTimeText(office()['working-hours'])).toBe('Пн-Чт 08:00-20:00, Пт 08:00-19:00, Сб 09:00-14:00, Вс выходной')
    expect(workTimeText([])).toBe('')
  })

  it('reads an office as a post point with its index as the code; a почтомат takes no payment on receipt', () => {
    expect(toCarrierPoint(office(), 'kazan', 'Казань')).toMatchObject({
      code: '420015',
      address: 'ул Пушкина, д 5',
      addressFull: '420015, г Казань, ул Пушкина, д 5',
      kind: 'POST',
      name: 'Отделение Почты России 420015',
      lat: 55.79,
      phone: '+7 (843) 2643310',
      allowedCod: true,
      haveCash: true,
      weightMaxGrams: null,
    })
    expect(toCarrierPoint(office({ 'type-code': 'ПОЧТОМАТ' }), 'kazan')).toMatchObject({ kind: 'POSTAMAT', allowedCod: false, haveCash: false })
    expect(postOffice.safeParse({ 'postal-code': '4200', latitude: 1, longitude: 2 }).success).toBe(false)
  })

  it('drops the index, region and city the address starts with (the picker names the city itself)', () => {
    expect(streetAddress('420015, Республика Татарстан, г. Казань, ул Пушкина, д 5', 'Казань', 'Республика Татарстан')).toBe('ул Пушкина, д 5')
    expect(streetAddress('Московская обл, г Химки, ул Ленина, 1', 'Химки', 'Московская область')).toBe('ул Ленина, 1')
    expect(streetAddress('ул Казанская, д 1', 'Казань', 'Республика Татарстан')).toBe('ул Казанская, д 1')
    expect(streetAddress('г Казань', 'Казань', '')).toBe('г Казань')
  })

  it('keeps open public offices of the city only', () => {
    expect(handsOut(office())).toBe(true)
    expect(handsOut(office({ 'is-temporary-closed': true }))).toBe(false)
    expect(handsOut(office({ 'is-private-category': true }))).toBe(false)
    expect(inCity(office({ settlement: 'г. Казань' }), 'Казань')).toBe(true)
    expect(inCity(office({ settlement: 'КАЗАНЬ' }), 'Казань')).toBe(true)
    expect(inCity(office({ settlement: 'Зеленодольск' }), 'Казань')).toBe(false)
    expect(inCity(office({ settlement: null }), 'Казань')).toBe(true)
    expect(settlementKey('пгт Актюбинский')).toBe('актюбинский')
    expect(settlementKey('Орёл')).toBe('орел')
  })

  it('looks wider around a bigger city', () => {
    expect(searchArea(13_010_000)).toEqual({ radiusKm: 39, top: 1301 })
    expect(searchArea(10_000)).toEqual({ radiusKm: 5, top: 50 })
  })

  it('asks the calculator for «Посылка онлайн» by weight and reads paynds in kopecks with the period', () => {
    expect(tariffQuery({ object: 23030, from: '101000', to: '420015', weightGrams: 399.6 })).toEqual({ json: '', object: '23030', from: '101000', to: '420015', weight: '400' })
    const answer = tariffAnswer.parse({ id: 23030, name: 'Посылка онлайн обыкновенная', pay: 20500, paynds: '24600', delivery: { min: 2, max: 4 } })
    expect(toQuote(answer, 'pickup')).toEqual({ priceKopecks: 24_600, daysFrom: 2, daysTo: 4, tariffCode: 23030, tariffName: 'Посылка онлайн обыкновенная' })
    expect(toQuote(tariffAnswer.parse({ pay: 10000 }), 'courier')).toEqual({ priceKopecks: 10_000, daysFrom: 1, daysTo: 1, tariffCode: 24030, tariffName: 'Курьер онлайн' })
    const refused = tariffAnswer.parse({ errors: [{ msg: 'Вес вне диапазона', code: 1351 }] })
    expect(toQuote(refused, 'pickup')).toBeNull()
    expect(tariffErrors(refused)).toBe('1351: Вес вне диапазона')
  })
})
