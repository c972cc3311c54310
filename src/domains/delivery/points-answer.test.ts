import { describe, expect, it } from 'vitest'
import { DELIVERY_MESSAGES } from './delivery'
import { getPointsBody, pointsAnswerOf, storedPointsOf, type PickerPointSource } from './points-answer'

/** The getPoints body built from stored text (ADR 211) against the object the call serialised before. */
const point = (
  n: number,
  canGetPayment: boolean,
  extra: Partial<PickerPointSource> = {},
): PickerPointSource => ({
  id: `P${n}`,
  name: `Пункт №${n}`,
  kind: n % 2 ? 'PVZ' : 'POSTAMAT',
  address: `ул. Тестовая, д. ${n}`,
  lat: 55.75 + n / 1000,
  lon: -37.6 - n / 7,
  canGetPayment,
  workTime: 'Пн-Пт 10:00-21:00',
  ...extra,
})
const location = { coords: { lat: 55.7558, lon: 37.6173 }, zoom: 1 }

/** The spec's shape as the call built it per request: {points, location, message?} through JSON.stringify. */
function serialised(points: PickerPointSource[], all: PickerPointSource[], handler: string): string {
  const picker = points.map((p) => ({
    id: p.id,
    name: p.name,
    type: p.kind,
    address: p.address,
    coords: [p.lat, p.lon],
    canGetPayment: p.canGetPayment,
    graph: p.workTime,
  }))
  const message =
    picker.length > 0
      ? undefined
      : all.length === 0 && handler === 'sdek'
        ? DELIVERY_MESSAGES.noSdekPoints
        : DELIVERY_MESSAGES.noSuitablePoints
  return JSON.stringify({ points: picker, location, ...(message ? { message } : {}) })
}

describe('getPointsBody', () => {
  const odd = point(3, true, { name: 'Пункт "Ёлка" \\ 1\n\u2028', address: '<script>', workTime: '' })
  const points = [point(1, true), point(2, false), odd, point(4, false)]

  it('is byte for byte the serialised object, every point and the postPay ones, names with quotes and line breaks too', () => {
    const answer = pointsAnswerOf(points)
    expect(getPointsBody(storedPointsOf(answer, false), { handler: 'sdek', location })).toBe(
      serialised(points, points, 'sdek'),
    )
    const pay = points.filter((p) => p.canGetPayment)
    expect(getPointsBody(storedPointsOf(answer, true), { handler: 'boxberry', location })).toBe(
      serialised(pay, points, 'boxberry'),
    )
  })

  it('says СДЭК has no points in a city without any, and the general message when none takes payment on receipt', () => {
    const none = pointsAnswerOf([])
    expect(getPointsBody(storedPointsOf(none, false), { handler: 'sdek', location })).toBe(
      serialised([], [], 'sdek'),
    )
    expect(
      JSON.parse(getPointsBody(storedPointsOf(none, false), { handler: 'sdek', location })),
    ).toMatchObject({ message: DELIVERY_MESSAGES.noSdekPoints })
    expect(getPointsBody(storedPointsOf(none, false), { handler: 'shop', location })).toBe(
      serialised([], [], 'shop'),
    )
    const prepaidOnly = [point(1, false), point(2, false)]
    const body = getPointsBody(storedPointsOf(pointsAnswerOf(prepaidOnly), true), {
      handler: 'sdek',
      location,
    })
    expect(body).toBe(serialised([], prepaidOnly, 'sdek'))
    expect(JSON.parse(body)).toMatchObject({ points: [], message: DELIVERY_MESSAGES.noSuitablePoints })
  })

  it('keeps the spec’s 6 000 points at most, the postPay ones taken from those', () => {
    const many = Array.from({ length: 6_010 }, (_, i) => point(i, i % 2 === 0))
    const answer = pointsAnswerOf(many)
    expect(answer.points).toBe(6_000)
    expect(answer.payPoints).toBe(3_000)
    expect(JSON.parse(answer.pointsJson)).toHaveLength(6_000)
  })
})
