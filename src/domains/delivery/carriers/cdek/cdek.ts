/**
 * СДЭК API v2 wire shapes and their translation to our types (ADR 176). The shapes follow СДЭК's
 * documentation (api-docs.cdek.ru; summary in the project's integrations notes): only the fields we
 * use are read, everything else is let through. No I/O here.
 */
import { z } from 'zod'
import { rublesToKopecks, type CarrierMode, type CarrierPackage, type CarrierPoint, type CarrierQuote } from '../carrier'

export const CDEK = 'cdek'
/** The delivery service (delivery_services.handler) this module serves. */
export const CDEK_HANDLER = 'sdek'

/** POST /oauth/token */
export const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().int().positive(),
})

const flag = z.boolean().nullish().transform((v) => v === true)

/** One element of GET /deliverypoints. */
export const deliveryPoint = z.object({
  code: z.string().min(1).max(64),
  name: z.string().nullish(),
  type: z.string().nullish(),
  address_comment: z.string().nullish(),
  nearest_station: z.string().nullish(),
  work_time: z.string().nullish(),
  phones: z.array(z.object({ number: z.string().nullish() })).nullish(),
  have_cash: flag,
  have_cashless: flag,
  allowed_cod: flag,
  /** False: the office only takes parcels in, it hands none out. */
  is_handout: z.boolean().nullish(),
  /** Kilograms. */
  weight_min: z.number().nullish(),
  weight_max: z.number().nullish(),
  location: z.object({
    city_code: z.union([z.number(), z.string()]).nullish(),
    city: z.string().nullish(),
    latitude: z.number(),
    longitude: z.number(),
    address: z.string().nullish(),
    address_full: z.string().nullish(),
  }),
})
export type CdekDeliveryPoint = z.infer<typeof deliveryPoint>

/** GET /location/cities */
export const cityAnswer = z.array(
  z.object({
    code: z.union([z.number(), z.string()]),
    city: z.string(),
    region: z.string().nullish(),
    country_code: z.string().nullish(),
  }),
)
export type CdekCity = z.infer<typeof cityAnswer>[number]

/** POST /calculator/tarifflist */
export const tariffListAnswer = z.object({
  tariff_codes: z
    .array(
      z.object({
        tariff_code: z.number(),
        tariff_name: z.string().nullish(),
        delivery_mode: z.number().nullish(),
        delivery_sum: z.union([z.number(), z.string()]),
        period_min: z.number().nullish(),
        period_max: z.number().nullish(),
      }),
    )
    .nullish(),
  errors: z.array(z.object({ code: z.string().nullish(), message: z.string().nullish() })).nullish(),
})

/**
 * СДЭК's delivery modes: 3 склад-дверь (the shop hands the parcel in at an office, the courier takes it
 * to the door), 4 склад-склад (to a pickup point). The shop ships from its own warehouse through an
 * office, so these two are the ones that apply.
 */
export const DELIVERY_MODES: Record<CarrierMode, number> = { courier: 3, pickup: 4 }

/** Kilograms to grams; null stays null. */
function grams(kg: number | null | undefined): number | null {
  return typeof kg === 'number' && Number.isFinite(kg) && kg > 0 ? Math.round(kg * 1000) : null
}

export function toCarrierPoint(p: CdekDeliveryPoint, cityCode: string): CarrierPoint {
  const comment = [p.address_comment?.trim(), p.nearest_station?.trim() ? `Ближайшая станция: ${p.nearest_station.trim()}` : '']
    .filter(Boolean)
    .join('. ')
  return {
    code: p.code,
    cityCode,
    kind: p.type === 'POSTAMAT' ? 'POSTAMAT' : 'PVZ',
    name: p.name?.trim() || p.code,
    address: p.location.address?.trim() || p.location.address_full?.trim() || '',
    addressFull: p.location.address_full?.trim() ?? '',
    addressComment: comment,
    workTime: p.work_time?.trim() ?? '',
    phone: (p.phones ?? []).map((ph) => ph.number?.trim() ?? '').filter(Boolean).join(', '),
    lat: p.location.latitude,
    lon: p.location.longitude,
    haveCash: p.have_cash,
    haveCashless: p.have_cashless,
    allowedCod: p.allowed_cod,
    weightMinGrams: grams(p.weight_min) ?? 0,
    weightMaxGrams: grams(p.weight_max),
    active: true,
  }
}

/** The calculator's request for one box (weight in grams, sizes in centimetres). */
export function tariffListRequest(from: number, to: string, pkg: CarrierPackage) {
  return {
    type: 1,
    currency: 1,
    lang: 'rus',
    from_location: { code: from },
    to_location: { code: Number(to) },
    packages: [{ weight: pkg.weightGrams, length: pkg.lengthCm, width: pkg.widthCm, height: pkg.heightCm }],
  }
}

/**
 * The tariff the shop offers for a mode: the cheapest of СДЭК's tariffs in that delivery mode, the
 * shorter one on a tie. Null when СДЭК has none (the parcel is too big, or no service to that city).
 */
export function chooseTariff(answer: z.infer<typeof tariffListAnswer>, mode: CarrierMode): CarrierQuote | null {
  let best: CarrierQuote | null = null
  for (const t of answer.tariff_codes ?? []) {
    if (t.delivery_mode !== DELIVERY_MODES[mode]) continue
    const priceKopecks = rublesToKopecks(t.delivery_sum)
    if (priceKopecks === null) continue
    const daysFrom = Math.max(1, t.period_min ?? t.period_max ?? 1)
    const quote: CarrierQuote = {
      priceKopecks,
      daysFrom,
      daysTo: Math.max(daysFrom, t.period_max ?? daysFrom),
      tariffCode: t.tariff_code,
      tariffName: t.tariff_name ?? '',
    }
    if (!best || quote.priceKopecks < best.priceKopecks || (quote.priceKopecks === best.priceKopecks && quote.daysTo < best.daysTo)) best = quote
  }
  return best
}

/** Words of a region name without its kind, for matching «Республика Татарстан» with «Татарстан респ.». */
function regionWords(region: string): Set<string> {
  const kinds = new Set(['республика', 'респ', 'область', 'обл', 'край', 'автономный', 'округ', 'ао', 'г', 'город', 'югра', 'чувашия'])
  return new Set(
    region
      .toLowerCase()
      .replace(/ё/g, 'е')
      .split(/[^a-zа-я0-9-]+/)
      .filter((w) => w.length > 1 && !kinds.has(w)),
  )
}

/** СДЭК's city for ours: same name, and the region matching when several share the name. */
export function matchCity(candidates: readonly CdekCity[], city: { name: string; region: string }): CdekCity | undefined {
  const name = city.name.toLowerCase().replace(/ё/g, 'е')
  const sameName = candidates.filter((c) => c.city.toLowerCase().replace(/ё/g, 'е') === name && (c.country_code ?? 'RU') === 'RU')
  if (sameName.length <= 1) return sameName[0]
  const ours = regionWords(city.region)
  return sameName.find((c) => [...regionWords(c.region ?? '')].some((w) => ours.has(w))) ?? sameName[0]
}
