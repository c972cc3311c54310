/**
 * Почта России wire shapes and their translation to our types (ADR 194). Two services:
 * - the public tariff calculator (tariff.pochta.ru, post-calculator-api.pdf ch. 1.1):
 *   `GET /v2/calculate/tariff/delivery?json&object&from&to&weight` → {paynds (kopecks, VAT included),
 *   pay, delivery{min, max} (days), errors[{msg, code}]};
 * - the otpravka API (otpravka.pochta.ru/specification, «services-postoffice-nearby»):
 *   `GET /postoffice/1.0/nearby?latitude&longitude&top&search-radius&filter=ALL` → [{postal-code,
 *   address-source, latitude, longitude, type-code, settlement, is-closed, is-temporary-closed,
 *   is-private-category, working-hours[{weekday-id, begin-worktime, end-worktime}], phones[…]}].
 * Only the fields we use are read; everything else is let through. No I/O here.
 */
import { z } from 'zod'
import { type CarrierMode, type CarrierPoint, type CarrierQuote } from '../carrier'

export const POCHTA = 'pochta'
/** The delivery service (delivery_services.handler) this module serves. */
export const POCHTA_HANDLER = 'russianpost'

/**
 * The calculator's objects: 23030 «Посылка онлайн обыкновенная» to a post office, 24030 «Курьер онлайн
 * обыкновенный» to the door. The shop prepays the postage, so the ordinary (no declared value) kinds.
 */
export const TARIFF_OBJECTS: Record<CarrierMode, { code: number; name: string }> = {
  pickup: { code: 23030, name: 'Посылка онлайн' },
  courier: { code: 24030, name: 'Курьер онлайн' },
}

/** «Посылка онлайн» takes at most 20 kg (the calculator refuses more). */
export const ONLINE_PARCEL_MAX_GRAMS = 20_000

const int = z.union([z.number(), z.string().regex(/^\d+$/)]).transform((v) => Number(v))

/** GET /v2/calculate/tariff/delivery (and /v2/calculate/tariff: the same without `delivery`). */
export const tariffAnswer = z.object({
  id: int.nullish(),
  name: z.string().nullish(),
  /** Kopecks, VAT included: what the shop pays. */
  paynds: int.nullish(),
  /** Kopecks without VAT. */
  pay: int.nullish(),
  delivery: z.object({ min: int.nullish(), max: int.nullish() }).nullish(),
  errors: z.array(z.object({ msg: z.string().nullish(), code: z.union([z.number(), z.string()]).nullish() })).nullish(),
})
export type TariffAnswer = z.infer<typeof tariffAnswer>

/** The calculator's query for one parcel (grams), as the documentation writes it. */
export function tariffQuery(input: { object: number; from: string; to: string; weightGrams: number }): Record<string, string> {
  return {
    json: '',
    object: String(input.object),
    from: input.from,
    to: input.to,
    weight: String(Math.max(1, Math.round(input.weightGrams))),
  }
}

/** The calculator's answer as our quote; null when it names no price (its `errors` say why). */
export function toQuote(answer: TariffAnswer, mode: CarrierMode): CarrierQuote | null {
  const kopecks = answer.paynds ?? answer.pay
  if (kopecks === null || kopecks === undefined || !Number.isFinite(kopecks) || kopecks <= 0) return null
  const min = answer.delivery?.min ?? answer.delivery?.max ?? null
  const max = answer.delivery?.max ?? min
  const daysFrom = Math.max(1, min ?? 1)
  return {
    priceKopecks: kopecks,
    daysFrom,
    daysTo: Math.max(daysFrom, max ?? daysFrom),
    tariffCode: TARIFF_OBJECTS[mode].code,
    tariffName: answer.name?.trim() || TARIFF_OBJECTS[mode].name,
  }
}

/** The calculator's errors as one line. */
export function tariffErrors(answer: TariffAnswer): string {
  return (answer.errors ?? []).map((e) => [e.code, e.msg].filter((x) => x !== null && x !== undefined && x !== '').join(': ')).join('; ')
}

const coordinate = z.union([z.number(), z.string()]).transform((v) => Number(v)).pipe(z.number().finite())

/** One element of GET /postoffice/1.0/nearby. */
export const postOffice = z.object({
  'postal-code': z.string().regex(/^\d{6}$/),
  'address-source': z.string().nullish(),
  latitude: coordinate,
  longitude: coordinate,
  'type-code': z.string().nullish(),
  settlement: z.string().nullish(),
  region: z.string().nullish(),
  'is-closed': z.boolean().nullish(),
  'is-temporary-closed': z.boolean().nullish(),
  'is-private-category': z.boolean().nullish(),
  'working-hours': z
    .array(
      z.object({
        'weekday-id': z.number().int().min(1).max(7),
        'begin-worktime': z.string().nullish(),
        'end-worktime': z.string().nullish(),
      }),
    )
    .nullish(),
  phones: z
    .array(z.object({ 'phone-number': z.string().nullish(), 'phone-town-code': z.string().nullish(), 'is-fax': z.boolean().nullish() }))
    .nullish(),
})
export type PostOffice = z.infer<typeof postOffice>

/** The office hands parcels out: open, public. */
export function handsOut(o: PostOffice): boolean {
  return o['is-closed'] !== true && o['is-temporary-closed'] !== true && o['is-private-category'] !== true
}

function isPostamat(o: PostOffice): boolean {
  return /почтомат|апс/i.test(o['type-code'] ?? '')
}

const DAY_NAMES = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'] as const

/** «08:00:00.000» or «8:00» as «08:00». */
function hhmm(value: string | null | undefined): string | null {
  const m = /^(\d{1,2}):(\d{2})/.exec(value?.trim() ?? '')
  return m ? `${m[1]!.padStart(2, '0')}:${m[2]}` : null
}

/**
 * The week's hours as one line, days with the same hours joined: «Пн-Пт 08:00-20:00, Сб 09:00-18:00,
 * Вс выходной». A day the office does not list is a day off.
 */
export function workTimeText(hours: PostOffice['working-hours']): string {
  if (!hours || hours.length === 0) return ''
  const byDay = DAY_NAMES.map((_, i) => {
    const h = hours.find((d) => d['weekday-id'] === i + 1)
    const from = hhmm(h?.['begin-worktime'])
    const to = hhmm(h?.['end-worktime'])
    return from && to ? `${from}-${to}` : 'выходной'
  })
  const parts: string[] = []
  for (let i = 0; i < 7; ) {
    let j = i
    while (j + 1 < 7 && byDay[j + 1] === byDay[i]) j++
    parts.push(`${i === j ? DAY_NAMES[i] : `${DAY_NAMES[i]}-${DAY_NAMES[j]}`} ${byDay[i]}`)
    i = j + 1
  }
  return parts.join(', ')
}

function phoneText(phones: PostOffice['phones']): string {
  return (phones ?? [])
    .filter((p) => p['is-fax'] !== true && p['phone-number']?.trim())
    .map((p) => {
      const town = p['phone-town-code']?.trim()
      return town ? `+7 (${town}) ${p['phone-number']!.trim()}` : p['phone-number']!.trim()
    })
    .join(', ')
}

/**
 * A post office as our point. The code is its postal index (what an order to it is addressed by).
 * An office takes cash and cards and cash on delivery (наложенный платёж); a почтомат only prepaid
 * parcels. No weight limit of its own: the service's (20 kg, «Посылка онлайн»).
 */
export function toCarrierPoint(o: PostOffice, cityCode: string, cityName = ''): CarrierPoint {
  const index = o['postal-code']
  const postamat = isPostamat(o)
  const address = o['address-source']?.trim() ?? ''
  return {
    code: index,
    cityCode,
    kind: postamat ? 'POSTAMAT' : 'POST',
    name: postamat ? `Почтомат Почты России ${index}` : `Отделение Почты России ${index}`,
    address: streetAddress(address, cityName, o.region ?? ''),
    addressFull: [index, address].filter(Boolean).join(', '),
    addressComment: '',
    workTime: workTimeText(o['working-hours']),
    phone: phoneText(o.phones),
    lat: o.latitude,
    lon: o.longitude,
    haveCash: !postamat,
    haveCashless: true,
    allowedCod: !postamat,
    weightMinGrams: 0,
    weightMaxGrams: null,
    active: true,
  }
}

/**
 * The office's address without the index, region and city it starts with: the picker shows the city
 * itself («г Москва, ул Почтовая, д 2» → «ул Почтовая, д 2»).
 */
export function streetAddress(source: string, cityName: string, region: string): string {
  const parts = source.split(/\s*,\s*/).filter(Boolean)
  const city = settlementKey(cityName)
  const reg = settlementKey(region)
  const leading = (part: string) => {
    const key = settlementKey(part)
    return /^\d{6}$/.test(part) || (city !== '' && key === city) || (reg !== '' && key === reg) || /(^|\s)(обл|область|край|респ|республика|ао|округ)\.?(\s|$)/i.test(part)
  }
  while (parts.length > 1 && leading(parts[0]!)) parts.shift()
  return parts.join(', ')
}

/** «г. Москва», «Москва г» and «МОСКВА» are the same settlement. */
export function settlementKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/(^|\s)(г|город|пгт|пос|п|с|д|рп)\.?(?=\s|$)/g, ' ')
    .replace(/[^a-zа-я0-9-]+/g, ' ')
    .trim()
}

/** The office lies in our city: its settlement is the city (an office that names none is kept). */
export function inCity(o: PostOffice, cityName: string): boolean {
  const settlement = o.settlement?.trim()
  return !settlement || settlementKey(settlement) === settlementKey(cityName)
}

/**
 * How far around the city's centre its offices are looked for: wider for a bigger city (Moscow's
 * 12 million: 38 km; a town of 10 000: 5 km), and how many the search may answer.
 */
export function searchArea(population: number): { radiusKm: number; top: number } {
  const radiusKm = Math.min(40, Math.max(5, Math.round(3 + Math.sqrt(Math.max(0, population)) / 100)))
  const top = Math.min(3000, Math.max(50, Math.round(population / 10_000)))
  return { radiusKm, top }
}
