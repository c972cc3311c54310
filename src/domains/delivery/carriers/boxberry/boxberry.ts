/**
 * Boxberry's JSON API wire shapes and their translation to our types (ADR 193). Boxberry answers every
 * method at one address, `json.php?token=…&method=…` (GET; `ParselCreate` is a POST form with
 * `sdata=<JSON>`), and reports a refusal in the body, with HTTP 200: `{"err": "…"}` or `[{"err": "…"}]`.
 * The shapes follow Boxberry's documentation (help.boxberry.ru; summary in the project's integrations
 * notes): only the fields we use are read, everything else is let through. No I/O here.
 */
import { z } from 'zod'
import { rublesToKopecks, type CarrierPackage, type CarrierPoint, type CarrierQuote } from '../carrier'

export const BOXBERRY = 'boxberry'
/** The delivery service (delivery_services.handler) this module serves. */
export const BOXBERRY_HANDLER = 'boxberry'

/** Boxberry's refusal in a 200 answer: the text of `err`, or null when the answer is no refusal. */
export function errOf(json: unknown): string | null {
  const first = Array.isArray(json) && json.length === 1 ? json[0] : json
  if (first && typeof first === 'object' && !Array.isArray(first) && 'err' in first) {
    const err = (first as { err: unknown }).err
    if (err !== null && err !== undefined && err !== false && err !== '') return String(err)
  }
  return null
}

/** A refusal that says the token is wrong, not that the request is. */
export function isTokenError(text: string): boolean {
  return /токен|token|ключ/i.test(text)
}

const text = z.union([z.string(), z.number()]).nullish().transform((v) => (v === null || v === undefined ? '' : String(v).trim()))
/** Boxberry's yes/no flags come as 'Yes' / 'No' (or 1 / 0, true / false). */
const yesNo = z
  .union([z.string(), z.number(), z.boolean()])
  .nullish()
  .transform((v) => v === true || v === 1 || (typeof v === 'string' && /^(yes|да|1|true)$/i.test(v.trim())))
const decimal = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.replace(',', '.').trim()) : NaN
    return Number.isFinite(n) ? n : null
  })

/** One element of ListPoints. */
export const listPoint = z.object({
  Code: z.union([z.string(), z.number()]).transform((v) => String(v).trim()).pipe(z.string().min(1).max(64)),
  Name: text,
  Address: text,
  AddressReduce: text,
  FullAddress: text,
  Phone: text,
  /** Sic: Boxberry's spelling. */
  WorkShedule: text,
  TripDescription: text,
  Metro: text,
  CityCode: text,
  CityName: text,
  PostCode: text,
  /** "lat,lon" as one string. */
  GPS: z.string(),
  /** The point takes only prepaid parcels: nothing is paid on receipt there. */
  OnlyPrepaidOrders: yesNo,
  /** A card terminal. */
  Acquiring: yesNo,
  /** 1: Boxberry's own office, 2: a partner's. Not a postamat mark (ADR 211). */
  TypeOfOffice: text,
  /** «Отделение является постаматом»: true or false; null when the answer leaves it out. */
  Postamat: z
    .union([z.string(), z.number(), z.boolean()])
    .nullish()
    .transform((v) => (v === null || v === undefined || v === '' ? null : v === true || v === 1 || (typeof v === 'string' && /^(yes|да|1|true)$/i.test(v.trim())))),
  /** Kilograms. */
  LoadLimit: decimal,
  DeliveryPeriod: decimal,
})
export type BoxberryListPoint = z.infer<typeof listPoint>

/** ListCities: Boxberry's code of each city it serves. */
export const cityList = z.array(
  z.object({
    Code: z.union([z.string(), z.number()]).transform((v) => String(v)),
    Name: z.string(),
    Region: text,
    Kladr: text,
    CountryCode: text,
  }),
)
export type BoxberryCity = z.infer<typeof cityList>[number]

/** DeliveryCosts: roubles (number or decimal string) and whole days. */
export const deliveryCostsAnswer = z.object({
  price: z.union([z.number(), z.string()]),
  price_base: z.union([z.number(), z.string()]).nullish(),
  price_service: z.union([z.number(), z.string()]).nullish(),
  delivery_period: z.union([z.number(), z.string()]).nullish(),
})

function coordinates(gps: string): { lat: number; lon: number } | null {
  const [lat, lon] = gps.split(',').map((s) => Number(s.trim()))
  return lat !== undefined && lon !== undefined && Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && (lat !== 0 || lon !== 0)
    ? { lat, lon }
    : null
}

/**
 * A postamat: ListPoints' `Postamat` flag (ADR 211; `TypeOfOffice` only tells Boxberry's own office
 * from a partner's). An answer without the flag: the point's name starting with «Постамат».
 */
export function isPostamat(p: Pick<BoxberryListPoint, 'Postamat' | 'Name'>): boolean {
  return p.Postamat ?? /^\s*постамат/i.test(p.Name)
}

/** Our point for a ListPoints element, or null when it has no usable coordinates. */
export function toCarrierPoint(p: BoxberryListPoint, cityCode: string): CarrierPoint | null {
  const at = coordinates(p.GPS)
  if (!at) return null
  const addressFull = p.FullAddress || p.Address
  const comment = [p.TripDescription, p.Metro ? `Метро: ${p.Metro}` : ''].filter(Boolean).join('. ')
  const loadKg = p.LoadLimit
  // Boxberry takes payment on receipt (cash, and a card where there is a terminal) except at a
  // prepaid-only point; a postamat takes nothing on receipt.
  const postamat = isPostamat(p)
  const cod = !p.OnlyPrepaidOrders && !postamat
  return {
    code: p.Code,
    cityCode,
    kind: postamat ? 'POSTAMAT' : 'PVZ',
    name: p.Name || `Boxberry ${p.Code}`,
    address: p.AddressReduce || p.Address,
    addressFull,
    addressComment: comment,
    workTime: p.WorkShedule,
    phone: p.Phone,
    lat: at.lat,
    lon: at.lon,
    haveCash: cod,
    haveCashless: cod && p.Acquiring,
    allowedCod: cod,
    weightMinGrams: 0,
    weightMaxGrams: loadKg !== null && loadKg > 0 ? Math.round(loadKg * 1000) : null,
    active: true,
  }
}

/**
 * DeliveryCosts' query for one box: weight in grams, sizes in centimetres (height, width, depth), the
 * declared value (`ordersum`, roubles) for the insurance, nothing paid on receipt (`paysum` 0; the
 * price of a cash-on-delivery order differs by Boxberry's fee, which the shop does not pass on).
 * Pickup names the destination point (`target`); courier the buyer's postal code (`zip`).
 */
export function deliveryCostsQuery(input: { pkg: CarrierPackage; orderSumKopecks: number; target?: string; zip?: string; from?: string }) {
  return {
    weight: input.pkg.weightGrams,
    height: input.pkg.heightCm,
    width: input.pkg.widthCm,
    depth: input.pkg.lengthCm,
    ordersum: (Math.max(0, input.orderSumKopecks) / 100).toFixed(2),
    deliverysum: 0,
    paysum: 0,
    ...(input.target ? { target: input.target } : {}),
    ...(input.zip ? { zip: input.zip } : {}),
    ...(input.from ? { targetstart: input.from } : {}),
  }
}

/** Our quote for a DeliveryCosts answer; null when the price cannot be read. */
export function toQuote(answer: z.infer<typeof deliveryCostsAnswer>, mode: 'pickup' | 'courier'): CarrierQuote | null {
  const priceKopecks = rublesToKopecks(answer.price)
  if (priceKopecks === null) return null
  const period = Number(answer.delivery_period ?? 0)
  const days = Number.isFinite(period) && period > 0 ? Math.ceil(period) : 1
  return {
    priceKopecks,
    daysFrom: days,
    // Boxberry gives one figure; the buyer is told a day more, as the parcel reaches the point during the day.
    daysTo: days + 1,
    tariffCode: mode === 'pickup' ? 1 : 2,
    tariffName: mode === 'pickup' ? 'Boxberry: до пункта выдачи' : 'Boxberry: курьер',
  }
}

/** The postal code at the start of an address («115280, Москва, …»), if any. */
export function postalCodeOf(address: string): string | null {
  return /^\s*(\d{6})\b/.exec(address)?.[1] ?? null
}

function norm(s: string): string {
  return s.toLowerCase().replace(/ё/g, 'е').trim()
}

/** Words of a region name without its kind, for matching «Республика Татарстан» with «Татарстан респ». */
function regionWords(region: string): Set<string> {
  const kinds = new Set(['республика', 'респ', 'область', 'обл', 'край', 'автономный', 'округ', 'ао', 'г', 'город', 'югра', 'чувашия'])
  return new Set(
    norm(region)
      .split(/[^a-zа-я0-9-]+/)
      .filter((w) => w.length > 1 && !kinds.has(w)),
  )
}

/**
 * Boxberry's city for ours: by KLADR code when both have one (the HFLabs list carries it, ADR 174),
 * else the same name, the region deciding between namesakes.
 */
export function matchCity(candidates: readonly BoxberryCity[], city: { name: string; region: string; kladrId?: string | null }): BoxberryCity | undefined {
  const russian = candidates.filter((c) => !c.CountryCode || c.CountryCode === '643' || c.CountryCode.toUpperCase() === 'RU')
  if (city.kladrId) {
    const kladr = city.kladrId.replace(/\D/g, '')
    const byKladr = russian.find((c) => c.Kladr && (c.Kladr === kladr || c.Kladr.slice(0, 11) === kladr.slice(0, 11)))
    if (byKladr) return byKladr
  }
  const name = norm(city.name)
  const sameName = russian.filter((c) => norm(c.Name) === name)
  if (sameName.length <= 1) return sameName[0]
  const ours = regionWords(city.region)
  return sameName.find((c) => [...regionWords(c.Region)].some((w) => ours.has(w))) ?? sameName[0]
}

// ---------- courier to the door (ADR 212) ----------

/** One element of CourierListCities: a city where Boxberry's courier delivers. */
export const courierCity = z.object({
  City: text,
  /** Boxberry's documentation calls it «Район» in some sources and the region in others: both are compared. */
  Region: text,
  /** «Область». */
  Area: text,
  DeliveryPeriod: decimal,
})
export const courierCityList = z.array(courierCity)
export type BoxberryCourierCity = z.infer<typeof courierCity>

/**
 * Boxberry's courier serves our city: a city of CourierListCities has its name; when there are
 * namesakes, the one whose region or area shares a word with ours.
 */
export function courierServes(list: readonly BoxberryCourierCity[], city: { name: string; region: string }): boolean {
  const name = norm(city.name)
  const same = list.filter((c) => norm(c.City) === name)
  if (same.length <= 1) return same.length === 1
  const ours = regionWords(city.region)
  return same.some((c) => [...regionWords(`${c.Area} ${c.Region}`)].some((w) => ours.has(w)))
}

/** ZipCheck's answer: `[{ExpressDelivery, ZoneExpressDelivery, Remoteness}]` (or the object alone). */
const zipCheckItem = z.object({ ExpressDelivery: yesNo, ZoneExpressDelivery: decimal.optional() })
export const zipCheckAnswer = z.union([z.array(zipCheckItem).min(1), zipCheckItem]).transform((v) => (Array.isArray(v) ? v[0]! : v))

/** ZipCheck says Boxberry's courier delivers to the postal code. */
export function zipServed(answer: z.infer<typeof zipCheckAnswer>): boolean {
  return answer.ExpressDelivery
}
