/**
 * First-load JS of storefront pages, read from a build: the scripts a page's HTML names (Next's root
 * main files, then the chunks of the root layout, the route's layouts and page, as the route's client
 * reference manifest lists them), each gzipped at the default level, summed. The same reading serves
 * any build since the app router, so two commits compare (docs/bench-figures.md).
 *
 *   npx tsx bench/first-load-js.ts <distDir> [<distDir> …]
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { readManifest } from '../tests/e2e/bundle-kit'

const PAGES = [
  { label: 'Главная /', route: 'page' },
  { label: 'Каталог /catalog/', route: 'catalog/page' },
  { label: 'Товар /catalog/{раздел}/{товар}/', route: 'catalog/[section]/[product]/page' },
  { label: 'Корзина /personal/cart/', route: 'personal/cart/page' },
  { label: 'Оформление /personal/order/', route: 'personal/order/page' },
]

export function firstLoad(distDir: string, route: string): { files: number; raw: number; gzip: number } {
  // Before the back office the pages sat at the app's root; since, in the (shop) route group.
  const file = ['(shop)/', ''].map((group) => path.join(distDir, 'server', 'app', `${group}${route}_client-reference-manifest.js`)).find((f) => existsSync(f))
  if (!file) throw new Error(`${distDir}: no manifest for ${route}`)
  const build = JSON.parse(readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8')) as { rootMainFiles: string[] }
  const files = [...new Set([...build.rootMainFiles, ...readManifest(distDir, file).entryJs])]
  let raw = 0
  let gzip = 0
  for (const f of files) {
    const bytes = readFileSync(path.join(distDir, f))
    raw += bytes.length
    gzip += gzipSync(bytes).length
  }
  return { files: files.length, raw, gzip }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dirs = process.argv.slice(2)
  const kib = (n: number) => (n / 1024).toFixed(1)
  console.log(`| Страница | ${dirs.map((d) => `${d}: файлов, KiB gzip (без сжатия)`).join(' | ')} |`)
  console.log(`|---|${dirs.map(() => '---').join('|')}|`)
  for (const p of PAGES) {
    const cells = dirs.map((d) => {
      const r = firstLoad(d, p.route)
      return `${r.files}, ${kib(r.gzip)} (${kib(r.raw)})`
    })
    console.log(`| ${p.label} | ${cells.join(' | ')} |`)
  }
}
