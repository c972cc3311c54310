import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { loadCatalogList, loadProductPage } from '@/domains/catalog/catalog.server'
import { articlePage, articlesByTag, newsItem } from '@/domains/content/content.server'
import { findLegalPage } from '@/domains/content/legal'
import { ecoProject } from '@/domains/eco/eco-content'
import { encElementPage } from '@/domains/encyclopedia/encyclopedia.server'
import { loadProductLanding } from '@/domains/landings/landings.server'
import { seed } from './seed'

/**
 * Every address the seed data names (a JSON string starting with one slash, or an href inside seeded
 * HTML) must lead somewhere: a page route in src/app and, for a dynamic route, the record that page
 * would load; a picture must be a file in public/ or one the seed draws. The browser twin of this test
 * is tests/e2e/internal-links.spec.ts, which follows the links actually rendered.
 */
const DATA_DIR = path.join(process.cwd(), 'src/db/seed/data')
const APP_DIR = path.join(process.cwd(), 'src/app')
const PUBLIC_DIR = path.join(process.cwd(), 'public')

interface SeedLink {
  url: string
  where: string
}

function collect(value: unknown, where: string, out: SeedLink[]): void {
  if (typeof value === 'string') {
    if (/^\/(?!\/)\S*$/.test(value)) out.push({ url: value, where })
    for (const m of value.matchAll(/\bhref=["'](\/(?!\/)[^"']*)["']/g))
      if (m[1]) out.push({ url: m[1], where: `${where} (href)` })
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => collect(v, `${where}[${i}]`, out))
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) collect(v, `${where}.${k}`, out)
  }
}

function seedLinks(): SeedLink[] {
  const out: SeedLink[] = []
  for (const file of readdirSync(DATA_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    collect(JSON.parse(readFileSync(path.join(DATA_DIR, file), 'utf8')), file, out)
  }
  return out
}

/** App Router page routes as segment lists; route groups add no segment, private folders are skipped. */
function pageRoutes(dir = APP_DIR, prefix: string[] = []): string[][] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isFile()) return e.name === 'page.tsx' ? [prefix] : []
    if (!e.isDirectory() || e.name.startsWith('_') || e.name.startsWith('@')) return []
    const next = /^\(.*\)$/.test(e.name) ? prefix : [...prefix, e.name]
    return pageRoutes(path.join(dir, e.name), next)
  })
}

const ROUTES = pageRoutes()
const routeId = (segments: string[]) => `/${segments.map((s) => `${s}/`).join('')}`
const isDynamic = (segment: string) => /^\[[^.\]]+\]$/.test(segment)

/** Next's order: at the first segment where two routes differ, the static one wins. */
function matchRoute(pathname: string): { route: string; params: Record<string, string> } | null {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent)
  const candidates = ROUTES.filter(
    (r) => r.length === parts.length && r.every((s, i) => isDynamic(s) || s === parts[i]),
  )
  const rank = (r: string[]) => r.map((s) => (isDynamic(s) ? '1' : '0')).join('')
  const best = candidates.sort((a, b) => rank(a).localeCompare(rank(b)))[0]
  if (!best) return null
  const params = Object.fromEntries(
    best.flatMap((s, i) => (isDynamic(s) ? [[s.slice(1, -1), parts[i] ?? '']] : [])),
  )
  return { route: routeId(best), params }
}

/** What each dynamic page loads before it calls notFound(); a route missing here fails the test. */
const RECORDS: Record<string, (p: Record<string, string>) => Promise<boolean>> = {
  '/catalog/[section]/': async (p) =>
    (await loadCatalogList({ kind: 'catalog', section: p.section ?? '' }, {})) !== null,
  '/catalog/[section]/[product]/': async (p) =>
    (await loadProductPage(p.section ?? '', p.product ?? '')).kind !== 'missing',
  '/brands/[brand]/': async (p) =>
    (await loadCatalogList({ kind: 'brand', code: p.brand ?? '' }, {})) !== null,
  '/health/item/[code]/': async (p) => (await articlePage(p.code ?? '')) !== null,
  '/health/tag/[code]/': async (p) => (await articlesByTag(p.code ?? '')) !== null,
  '/news/[code]/': async (p) => (await newsItem(p.code ?? '')) !== null,
  '/encyclopedia/item/[code]/': async (p) => (await encElementPage(p.code ?? '')) !== null,
  '/landing/[code]/': async (p) => (await loadProductLanding(p.code ?? '')) !== null,
  '/about/[slug]/': async (p) => findLegalPage(p.slug ?? '') !== undefined,
  '/eco/[project]/': async (p) => {
    const project = ecoProject(p.project ?? '')
    return project !== undefined && project.slug !== 'eco-box'
  },
}

let uploadsDir = ''

beforeAll(async () => {
  // The seed draws the /upload/ pictures only when given a directory; a second run adds no rows.
  uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'seed-links-'))
  await seed(db(), { uploadsDir })
})

afterAll(() => {
  if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true })
})

/** Why a seed address is dead, or null when it leads somewhere. */
async function problem(url: string): Promise<string | null> {
  const pathname = new URL(url, 'http://shop.test').pathname
  const last = pathname.split('/').at(-1) ?? ''
  if (/\.[a-z0-9]+$/i.test(last)) {
    const rel = pathname.split('/').filter(Boolean).map(decodeURIComponent)
    if (rel[0] === 'upload')
      return existsSync(path.join(uploadsDir, ...rel.slice(1))) ? null : 'the seed draws no such picture'
    return existsSync(path.join(PUBLIC_DIR, ...rel)) ? null : 'no such file in public/'
  }
  if (!pathname.endsWith('/')) return 'no trailing slash (answers a redirect)'
  const match = matchRoute(pathname)
  if (!match) return 'no page route'
  if (!match.route.includes('[')) return null
  const exists = RECORDS[match.route]
  if (!exists) return `no record check for ${match.route}; add one to RECORDS`
  return (await exists(match.params)) ? null : `no record for ${match.route}`
}

describe('links in the seed data', () => {
  it('finds the addresses the landings, the programme, the meal plan and the home page name', () => {
    const urls = new Set(seedLinks().map((l) => l.url))
    expect(urls).toContain('/catalog/serdtse-i-sosudy/')
    expect([...urls].filter((u) => u.startsWith('/health/item/')).length).toBeGreaterThanOrEqual(7)
    expect(urls).toContain('/images/landings/omega-hero.svg')
    expect(urls).toContain('/upload/content/articles/vitamin-d-zimoy.svg')
  })

  it('tells a dead address from a live one', async () => {
    expect(await problem('/health/item/vitamin-d-zimoy/')).toBeNull()
    expect(await problem('/about/contacts/')).toBeNull()
    expect(await problem('/about/cookie/')).toBeNull()
    expect(await problem('/health/item/no-such-article/')).toBe('no record for /health/item/[code]/')
    expect(await problem('/catalog/no-such-section/')).toBe('no record for /catalog/[section]/')
    expect(await problem('/about/')).toBe('no page route')
    expect(await problem('/news')).toBe('no trailing slash (answers a redirect)')
    expect(await problem('/images/landings/no-such.svg')).toBe('no such file in public/')
    expect(await problem('/upload/content/articles/no-such.svg')).toBe('the seed draws no such picture')
  })

  it('every address leads to an existing page, record or picture', async () => {
    const dead: string[] = []
    const seen = new Map<string, string | null>()
    for (const { url, where } of seedLinks()) {
      if (!seen.has(url)) seen.set(url, await problem(url))
      const why = seen.get(url)
      if (why) dead.push(`${where}: ${url} — ${why}`)
    }
    expect(dead).toEqual([])
  })
})
