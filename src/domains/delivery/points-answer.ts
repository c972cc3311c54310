/**
 * The getPoints answer (POST /ajax/VuePvzComponent/ action=getPoints) as stored JSON (ADR 211): the
 * picker's points of a city are serialised once, when the points change, and a request joins the
 * stored text with the city's location. Pure; the table is point_answers (points-answer.db.ts).
 */
import { takesPaymentOnReceipt, type CarrierPoint } from './carriers/carrier'
import { DELIVERY_LIMITS, DELIVERY_MESSAGES } from './delivery'

/** A point in the picker's list: small, since Moscow sends more than a thousand. */
export interface PickerPoint {
  id: string
  name: string
  type: string
  address: string
  coords: [number, number]
  canGetPayment: boolean
  graph: string
}

/** What the picker needs of a point, whether it lives in pickup_points or carrier_points. */
export interface PickerPointSource {
  id: string
  name: string
  kind: string
  address: string
  lat: number
  lon: number
  canGetPayment: boolean
  workTime: string
}

export function toPickerPoint(p: PickerPointSource): PickerPoint {
  return {
    id: p.id,
    name: p.name,
    type: p.kind,
    address: p.address,
    coords: [p.lat, p.lon],
    canGetPayment: p.canGetPayment,
    graph: p.workTime,
  }
}

/** A carrier's point as the picker lists it: its code is the id, and payment on receipt by ADR 176's rule. */
export function carrierPickerSource(p: CarrierPoint): PickerPointSource {
  return {
    id: p.code,
    name: p.name,
    kind: p.kind,
    address: p.address,
    lat: p.lat,
    lon: p.lon,
    canGetPayment: takesPaymentOnReceipt(p),
    workTime: p.workTime,
  }
}

/** A city's points of one source, serialised: every active point, and those taking payment on receipt. */
export interface PointsAnswer {
  pointsJson: string
  payPointsJson: string
  points: number
  payPoints: number
}

/** Where a city's points live: a carrier's carrier_points, or a delivery service's pickup_points. */
export const carrierSource = (carrier: string) => `carrier:${carrier}`
export const serviceSource = (serviceId: number) => `service:${serviceId}`

/** The active points of a city in the order the table gives them (by code), at most the spec's 6 000. */
export function pointsAnswerOf(points: readonly PickerPointSource[]): PointsAnswer {
  const all = points.slice(0, DELIVERY_LIMITS.maxPoints)
  const pay = all.filter((p) => p.canGetPayment)
  return {
    pointsJson: JSON.stringify(all.map(toPickerPoint)),
    payPointsJson: JSON.stringify(pay.map(toPickerPoint)),
    points: all.length,
    payPoints: pay.length,
  }
}

export interface PickerLocation {
  coords: { lat: number; lon: number }
  zoom: number
}

/** One side of a stored answer, as a request reads it: the points' text, its count, and the city's count of all points. */
export interface StoredPoints {
  json: string
  count: number
  total: number
}

export function storedPointsOf(answer: PointsAnswer, postPay: boolean): StoredPoints {
  return postPay
    ? { json: answer.payPointsJson, count: answer.payPoints, total: answer.points }
    : { json: answer.pointsJson, count: answer.points, total: answer.points }
}

/**
 * The answer's body: byte for byte `JSON.stringify({ points, location, message? })`, the shape the
 * spec's picker reads, with the points' text taken as stored rather than serialised per request.
 * No point for the buyer: СДЭК's own message when the city has none at all, the general one otherwise.
 */
export function getPointsBody(
  points: StoredPoints,
  input: { handler: string; location: PickerLocation },
): string {
  const message =
    points.count > 0
      ? undefined
      : points.total === 0 && input.handler === 'sdek'
        ? DELIVERY_MESSAGES.noSdekPoints
        : DELIVERY_MESSAGES.noSuitablePoints
  return `{"points":${points.json},"location":${JSON.stringify(input.location)}${message === undefined ? '' : `,"message":${JSON.stringify(message)}`}}`
}
