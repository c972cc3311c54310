import { readFileSync } from 'node:fs'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { Db } from '../client'
import { sql } from 'drizzle-orm'
import { env } from '@/lib/env'
import { hash32, seededRandom } from '@/lib/seeded-random'
import { cities, courierCities, courierWindows, deliveryServices, deliveryTariffs, pickupPoints } from '../schema'

/**
 * Delivery seed: services, tariffs and courier windows from delivery-services.json; pickup points are
 * generated around every seeded city with a seeded random generator, so every run makes the same
 * points (Moscow and Saint Petersburg get more than 1 000 each). Those points, and the street names
 * of delivery-streets.json they are placed on, are DEMO DATA: invented, seeded only in demo mode.
 */
const DATA_DIR = path.join(process.cwd(), 'src/db/seed/data')

const servicesFile = z.object({
  services: z.array(
    z.object({
      id: z.number().int().positive(),
      code: z.string(),
      handler: z.string(),
      type: z.enum(['pickup', 'postal', 'courier']),
      name: z.string(),
      description: z.string(),
      sort: z.number().int(),
      maxWeightGrams: z.number().int().positive(),
      freeFromRubles: z.number().int().positive().nullable(),
      /** Per zone 0..5: [first kg ₽, each further kg ₽, days from, days to]. A carrier's courier (ADR 212) has none: the carrier prices it. */
      tariffs: z.array(z.tuple([z.number(), z.number(), z.number().int(), z.number().int()])).length(6).optional(),
    }),
  ),
  courierWindows: z.array(z.object({ timeFrom: z.string(), timeTo: z.string(), capacity: z.number().int() })),
  courierCities: z.array(z.object({ cityCode: z.string(), leadDays: z.number().int().min(0) })),
  pointCounts: z.record(z.string(), z.record(z.string(), z.number().int())),
})
export type DeliverySeedFile = z.infer<typeof servicesFile>

const streetsFile = z.object({
  common: z.array(z.tuple([z.string(), z.string()])),
  byCity: z.record(z.string(), z.array(z.tuple([z.string(), z.string()]))),
})
export type StreetsFile = z.infer<typeof streetsFile>

export function loadDeliverySeed(): DeliverySeedFile {
  return servicesFile.parse(JSON.parse(readFileSync(path.join(DATA_DIR, 'delivery-services.json'), 'utf8')))
}

export function loadStreets(): StreetsFile {
  return streetsFile.parse(JSON.parse(readFileSync(path.join(DATA_DIR, 'delivery-streets.json'), 'utf8')))
}

interface CitySeed {
  code: string
  name: string
  lat: number
  lon: number
  population: number
}

const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, n))

/** How many points a carrier has in a city: explicit for the two capitals, else by population. */
export function pointCount(file: DeliverySeedFile, city: CitySeed, handler: string): number {
  const explicit = file.pointCounts[city.code]?.[handler]
  if (explicit !== undefined) return explicit
  const p = city.population
  if (handler === 'sdek') return p < 60_000 ? 0 : clamp(Math.round(p / 20_000), 3, 100)
  if (handler === 'boxberry') return p < 100_000 ? 0 : clamp(Math.round(p / 40_000), 1, 50)
  if (handler === 'russianpost') return clamp(Math.round(p / 30_000), 2, 50)
  return 0
}

const WORK_TIMES = ['Пн-Вс 09:00-21:00', 'Пн-Пт 10:00-20:00, Сб-Вс 10:00-18:00', 'Пн-Сб 09:00-20:00', 'Круглосуточно']
const POST_WORK_TIMES = ['Пн-Пт 08:00-20:00, Сб 09:00-18:00', 'Пн-Сб 09:00-19:00', 'Пн-Пт 08:00-19:00']
const COMMENTS = ['', 'Вход со двора', 'В торговом центре, 1 этаж', 'Рядом с остановкой', 'Вход с торца здания', '']
const PHONES: Record<string, string> = {
  sdek: '+7 (800) 250-04-05',
  boxberry: '+7 (800) 222-80-00',
  russianpost: '+7 (800) 100-00-00',
}

export type PickupPointRow = typeof pickupPoints.$inferInsert

export function generatePoints(
  file: DeliverySeedFile,
  streets: StreetsFile,
  city: CitySeed,
  service: { id: number; handler: string; maxWeightGrams: number },
): PickupPointRow[] {
  const count = pointCount(file, city, service.handler)
  const random = seededRandom(hash32(`${city.code}:${service.handler}`))
  const cityStreets = [...(streets.byCity[city.code] ?? []), ...streets.common]
  // Big cities spread wider; the square root keeps Moscow within its ring road area and suburbs.
  const radiusKm = clamp(3 + Math.sqrt(city.population / 1_000_000) * 6, 3, 25)
  const prefix = { sdek: 'SDK', boxberry: 'BXB', russianpost: 'RP' }[service.handler] ?? 'PT'
  const rows: PickupPointRow[] = []
  for (let n = 1; n <= count; n++) {
    const r = radiusKm * Math.sqrt(random())
    const angle = random() * 2 * Math.PI
    const lat = city.lat + (r * Math.sin(angle)) / 111
    const lon = city.lon + (r * Math.cos(angle)) / (111 * Math.cos((city.lat * Math.PI) / 180))
    const [kind, street] = cityStreets[Math.floor(random() * cityStreets.length)]!
    const house = 1 + Math.floor(random() * 120)
    const address = `${kind} ${street}, д ${house}`
    const postal = service.handler === 'russianpost'
    const postamat = !postal && random() < 0.25
    const pointKind = postal ? 'POST' : postamat ? 'POSTAMAT' : 'PVZ'
    const comment = COMMENTS[Math.floor(random() * COMMENTS.length)]!
    const id = `${prefix}-${city.code.toUpperCase()}-${String(n).padStart(4, '0')}`
    const index = String(100000 + (hash32(id) % 900000))
    const name = postal
      ? `Отделение Почты России ${index}`
      : postamat
        ? `Постамат ${service.handler === 'sdek' ? 'СДЭК' : 'Boxberry'}: ${street}, ${house}`
        : `Пункт выдачи ${service.handler === 'sdek' ? 'СДЭК' : 'Boxberry'}: ${street}, ${house}`
    rows.push({
      id,
      serviceId: service.id,
      cityCode: city.code,
      kind: pointKind,
      name,
      address,
      addressComment: comment,
      workTime: postal
        ? POST_WORK_TIMES[Math.floor(random() * POST_WORK_TIMES.length)]!
        : WORK_TIMES[Math.floor(random() * WORK_TIMES.length)]!,
      phone: PHONES[service.handler] ?? '',
      lat: Math.round(lat * 1e6) / 1e6,
      lon: Math.round(lon * 1e6) / 1e6,
      // Postamats mostly take prepaid parcels only; a few offices too, so 'Только предоплата!' shows up.
      canGetPayment: postamat ? random() < 0.3 : random() < 0.92,
      maxWeightGrams: postamat ? Math.min(service.maxWeightGrams, 15_000) : service.maxWeightGrams,
    })
  }
  return rows
}

const LOGO_COLORS: Record<string, [string, string]> = {
  sdek: ['#1ab248', 'СДЭК'],
  boxberry: ['#e4003a', 'Boxberry'],
  russianpost: ['#0055a6', 'Почта'],
  courier: ['#f59e0b', 'Курьер'],
  sdek_courier: ['#1ab248', 'СДЭК'],
  boxberry_courier: ['#e4003a', 'Boxberry'],
  shop: ['#0f766e', 'Магазин'],
}

/**
 * The shop's own pickup point a demo starts with (ADR 187), invented like the carriers' demo points:
 * a production seed adds none and takes this one out of use. A real shop adds its own in the back office.
 */
export const DEMO_OWN_POINT = {
  id: 'SHOP-DEMO-0001',
  serviceId: 5,
  cityCode: 'moskva',
  kind: 'PVZ',
  name: 'Пункт выдачи Витамаркета (демо)',
  address: 'ул Тверская, д 7',
  addressComment: 'Демонстрационный пункт: адрес придуман.',
  workTime: 'Пн-Пт 10:00-20:00, Сб 11:00-17:00',
  phone: '+7 (495) 000-00-00',
  lat: 55.7577,
  lon: 37.6131,
  canGetPayment: true,
  maxWeightGrams: 30_000,
} as const satisfies PickupPointRow

export const deliveryLogoPath = (code: string) => `/upload/delivery/${code}.svg`

/** Ids of the generated demo points: SDK-, BXB- or RP-, the city code, a number. */
export const DEMO_POINT_ID = '^(SDK|BXB|RP)-[A-Z0-9-]+-[0-9]{4}$'

/** Idempotent: services by id, points by id, windows by time; nothing is updated. */
export async function seedDelivery(db: Db, options: { uploadsDir: string | null }): Promise<{ points: number }> {
  const file = loadDeliverySeed()
  const streets = loadStreets()
  await db
    .insert(deliveryServices)
    .values(
      file.services.map((s) => ({
        id: s.id,
        code: s.code,
        handler: s.handler,
        type: s.type,
        name: s.name,
        description: s.description,
        logo: deliveryLogoPath(s.code),
        sort: s.sort,
        maxWeightGrams: s.maxWeightGrams,
        freeFromKopecks: s.freeFromRubles === null ? null : s.freeFromRubles * 100,
      })),
    )
    .onConflictDoNothing({ target: deliveryServices.id })
  await db
    .insert(deliveryTariffs)
    .values(
      file.services.flatMap((s) =>
        (s.tariffs ?? []).map(([base, perKg, daysFrom, daysTo], zone) => ({
          serviceId: s.id,
          zone,
          baseKopecks: base * 100,
          perKgKopecks: perKg * 100,
          daysFrom,
          daysTo,
        })),
      ),
    )
    .onConflictDoNothing()
  await db.insert(courierWindows).values(file.courierWindows).onConflictDoNothing()
  await db.insert(courierCities).values(file.courierCities).onConflictDoNothing()

  // The generated points are invented demo data (issue 22): a production shop never offers them, and a
  // shop seeded as a demo and then switched to production loses them (kept, inactive, for old orders).
  let added = 0
  if (env().mode === 'demo') {
    added = await seedDemoPoints(db, file, streets)
    added += (await db.insert(pickupPoints).values(DEMO_OWN_POINT).onConflictDoNothing().returning({ id: pickupPoints.id })).length
  } else {
    await db
      .update(pickupPoints)
      .set({ active: false })
      .where(sql`${pickupPoints.id} ~ ${DEMO_POINT_ID} or ${pickupPoints.id} = ${DEMO_OWN_POINT.id}`)
  }

  if (options.uploadsDir) {
    const dir = path.join(options.uploadsDir, 'delivery')
    mkdirSync(dir, { recursive: true })
    for (const s of file.services) {
      const [color, label] = LOGO_COLORS[s.code] ?? ['#64748b', s.code]
      writeFileSync(
        path.join(dir, `${s.code}.svg`),
        `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="40" viewBox="0 0 96 40"><rect width="96" height="40" rx="8" fill="${color}"/><text x="48" y="26" font-family="Arial,sans-serif" font-size="15" font-weight="700" fill="#fff" text-anchor="middle">${label}</text></svg>`,
      )
    }
  }
  return { points: added }
}

/** The invented СДЭК, Boxberry and Почта России points around every city: demo mode only. */
async function seedDemoPoints(db: Db, file: DeliverySeedFile, streets: StreetsFile): Promise<number> {
  const cityRows = await db.select().from(cities).orderBy(cities.code)
  const pointServices = file.services.filter((s) => s.type !== 'courier')
  let added = 0
  let batch: PickupPointRow[] = []
  const flush = async () => {
    if (batch.length === 0) return
    const inserted = await db.insert(pickupPoints).values(batch).onConflictDoNothing().returning({ id: pickupPoints.id })
    added += inserted.length
    batch = []
  }
  // A city and carrier that has its points already is skipped: every start runs the seed, and
  // generating 1 117 cities' points only to have the inserts ignored costs seconds.
  const done = new Set(
    (await db.selectDistinct({ cityCode: pickupPoints.cityCode, serviceId: pickupPoints.serviceId }).from(pickupPoints)).map(
      (r) => `${r.cityCode}:${r.serviceId}`,
    ),
  )
  for (const city of cityRows) {
    for (const service of pointServices) {
      if (done.has(`${city.code}:${service.id}`)) continue
      batch.push(...generatePoints(file, streets, city, service))
      if (batch.length >= 2000) await flush()
    }
  }
  await flush()
  return added
}
