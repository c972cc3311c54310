import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../client'
import { cities } from '../schema'
import type { cityRow } from './seed-data.schema'

/**
 * Every Russian city (ADR 174): the HFLabs city list (CC BY-SA 4.0, see data/russian-cities.md) read
 * from its CSV as published. The 214 cities the shop started with keep their code and their figures
 * from cities.json, since orders, cookies, courier cities and the demo points refer to those codes;
 * they gain the list's FIAS and KLADR ids. Every other city gets a code from its name in the same
 * transliteration, with the region added when two cities share a name.
 */
const DATA_DIR = path.join(process.cwd(), 'src/db/seed/data')

export type CitySeedRow = typeof cities.$inferInsert

/** RFC 4180 as the file uses it: commas, double quotes around fields that need them, "" inside. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      row.push(field)
      if (row.length > 1 || row[0] !== '') rows.push(row)
      row = []
      field = ''
    } else field += c
  }
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows
}

const listRow = z.object({
  region_type: z.string(),
  region: z.string().min(1),
  area_type: z.string(),
  area: z.string(),
  city: z.string(),
  settlement: z.string(),
  kladr_id: z.string(),
  fias_id: z.guid(),
  fias_level: z.enum(['1', '3', '4', '6']),
  geo_lat: z.coerce.number().min(40).max(82),
  geo_lon: z.coerce.number().min(-180).max(180),
  population: z.coerce.number().int().min(0),
})
export type CityListRow = z.infer<typeof listRow>

export function readCityList(file = path.join(DATA_DIR, 'russian-cities.csv')): CityListRow[] {
  const [header, ...rows] = parseCsv(readFileSync(file, 'utf8'))
  if (!header) throw new Error(`${file} is empty`)
  return rows.map((cells, n) => {
    const record = Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']))
    const parsed = listRow.safeParse(record)
    if (!parsed.success) throw new Error(`${file}, line ${n + 2}: ${z.prettifyError(parsed.error)}`)
    return parsed.data
  })
}

/** The city's own name: a settlement inside a city, a city, a city that is an area, or a federal city. */
export function cityName(row: CityListRow): string {
  if (row.fias_level === '6') return row.settlement
  if (row.fias_level === '3') return row.area
  if (row.fias_level === '1') return row.region
  return row.city
}

const REPUBLICS_NAMED_FIRST = /ая$/
const SPECIAL_REGIONS: Record<string, string> = {
  'Респ|Саха /Якутия/': 'Республика Саха (Якутия)',
  'Респ|Северная Осетия - Алания': 'Республика Северная Осетия — Алания',
  'АО|Ханты-Мансийский Автономный округ - Югра': 'Ханты-Мансийский автономный округ — Югра',
  'Чувашия|Чувашская Республика': 'Чувашская Республика',
  'Аобл|Еврейская': 'Еврейская автономная область',
  'обл|Кемеровская область - Кузбасс': 'Кемеровская область — Кузбасс',
}

/** The region as the shop writes it ('Свердловская область', 'Республика Татарстан'). */
export function regionName(row: Pick<CityListRow, 'region_type' | 'region'>): string {
  const special = SPECIAL_REGIONS[`${row.region_type}|${row.region}`]
  if (special) return special
  switch (row.region_type) {
    case 'обл':
      return `${row.region} область`
    case 'край':
      return `${row.region} край`
    case 'АО':
      return `${row.region} автономный округ`
    case 'Респ':
      return REPUBLICS_NAMED_FIRST.test(row.region) ? `${row.region} Республика` : `Республика ${row.region}`
    default:
      return row.region
  }
}

const LATIN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l',
  м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh',
  щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
}

/** The transliteration the first 214 codes were written in ('Нижний Новгород' → 'nizhniy-novgorod'). */
export function slug(text: string): string {
  return [...text.toLowerCase()]
    .map((c) => LATIN[c] ?? c)
    .join('')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

const sameName = (a: string, b: string) => a.toLowerCase().replace(/ё/g, 'е') === b.toLowerCase().replace(/ё/g, 'е')

/** Great-circle distance in km, enough to tell two towns of one name apart. */
function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLon = (b.lon - a.lon) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(h))
}

/** A legacy city is the list's city of that name within this distance of it. */
const SAME_CITY_KM = 40

/**
 * The seed's city rows: the list joined to the legacy cities. A legacy city the list lacks stays as it
 * was (no FIAS id); a list city matching no legacy one is added.
 */
export function cityRows(list: CityListRow[], legacy: z.output<typeof cityRow>[]): CitySeedRow[] {
  const taken = new Set(legacy.map((c) => c.code))
  const matched = new Map<string, CityListRow>()
  for (const row of list) {
    const point = { lat: row.geo_lat, lon: row.geo_lon }
    const hit = legacy.find((c) => !matched.has(c.code) && sameName(c.name, cityName(row)) && distanceKm(c, point) <= SAME_CITY_KM)
    if (hit) matched.set(hit.code, row)
  }
  const matchedRows = new Set(matched.values())
  const out: CitySeedRow[] = legacy.map((c) => {
    const row = matched.get(c.code)
    return { ...c, fiasId: row?.fias_id ?? null, fiasLevel: row ? Number(row.fias_level) : null, kladrId: row?.kladr_id || null }
  })
  // Larger towns first, so that of two towns of one name the larger gets the plain code.
  const fresh = list.filter((r) => !matchedRows.has(r)).sort((a, b) => b.population - a.population || a.fias_id.localeCompare(b.fias_id))
  for (const row of fresh) {
    const name = cityName(row)
    const region = regionName(row)
    let code = slug(name)
    // The region's own word, as the legacy codes have it ('zheleznogorsk-kurskaya').
    if (taken.has(code)) code = `${slug(name)}-${slug(row.region.split(/[\s/-]/)[0] ?? '')}`
    if (taken.has(code)) code = `${slug(name)}-${row.fias_id.slice(0, 8)}`
    taken.add(code)
    out.push({
      code,
      name,
      region,
      lat: row.geo_lat,
      lon: row.geo_lon,
      population: row.population,
      fiasId: row.fias_id,
      fiasLevel: Number(row.fias_level),
      kladrId: row.kladr_id || null,
    })
  }
  return out
}

/**
 * Idempotent: new cities are added by code; a city already stored gains the list's ids if it has none
 * (a shop seeded before ADR 174), and nothing else of it changes.
 */
export async function seedCities(db: Db, legacy: z.output<typeof cityRow>[]): Promise<number> {
  const rows = cityRows(readCityList(), legacy)
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(cities)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: cities.code,
        set: {
          fiasId: sql`coalesce(${cities.fiasId}, excluded.fias_id)`,
          fiasLevel: sql`coalesce(${cities.fiasLevel}, excluded.fias_level)`,
          kladrId: sql`coalesce(${cities.kladrId}, excluded.kladr_id)`,
        },
      })
  }
  return rows.length
}
