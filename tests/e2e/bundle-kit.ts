import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'
import ts from 'typescript'

/**
 * What the storefront-bundles guard reads (ADR 168): the build's client reference manifests, the
 * chunks they name, and texts found only in the back office's sources. Production chunks carry no
 * module paths, so a back-office module that slipped into a storefront chunk is recognised by its
 * strings: every Russian text, class list or back-office address in src/admin, src/app/admin and
 * src/app/api/admin that no other source file under src/ contains. Back-office client components named in a route's manifest are caught by path.
 */

const ROOT = process.cwd()
const ADMIN_DIRS = ['src/admin', 'src/app/admin', 'src/app/api/admin']
/** How the manifests name a back-office module: `[project]/src/admin/…`, `[project]/src/app/admin/…`. */
export const ADMIN_MODULE = /\[project\]\/src\/(admin|app\/admin|app\/api\/admin)\//

function filesUnder(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) filesUnder(full, out)
    else if (/\.(ts|tsx)$/.test(name)) out.push(full)
  }
  return out
}

const isAdmin = (file: string) => ADMIN_DIRS.some((d) => file.startsWith(path.join(ROOT, d) + path.sep))
/** Test files' sample data never ships. */
const isTest = (file: string) => /\.test\.tsx?$/.test(file)

/**
 * Strings a minifier keeps as they are (one line, no quotes or escapes) and that name the back office
 * beyond doubt: Russian texts, class lists (the back office's own looks, src/admin/ui/styles.ts),
 * its addresses.
 */
const telling = (s: string) =>
  !/["'`\\\n\r\t]/.test(s) &&
  ((s.length >= 10 && /[а-яё]/i.test(s)) || (s.length >= 24 && /^[\w\-:[\]=/.&]+( [\w\-:[\]=/.&]+){3,}$/.test(s)) || /^\/(api\/)?admin\/./.test(s))

function candidates(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) found.push(node.text)
    // JSX text spread over lines is joined with single spaces: each line stays a substring.
    else if (ts.isJsxText(node)) found.push(...node.text.split('\n'))
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found.map((s) => s.trim()).filter(telling)
}

let markers: string[] | undefined

/** Back-office texts that appear in no other source file under src/. */
export function adminMarkers(): string[] {
  if (markers) return markers
  const all = filesUnder(path.join(ROOT, 'src'))
  const elsewhere = all.filter((f) => !isAdmin(f)).map((f) => readFileSync(f, 'utf8')).join('\n')
  const unique = new Set<string>()
  for (const file of all.filter((f) => isAdmin(f) && !isTest(f))) for (const text of candidates(file)) if (!elsewhere.includes(text)) unique.add(text)
  markers = [...unique]
  return markers
}

export interface RouteManifest {
  /** The manifest's file, relative to server/app: `(shop)/catalog/page`. */
  route: string
  clientModules: string[]
  /** Every chunk its entries (layouts, page, boundaries) load first, as `static/chunks/….js`. */
  entryJs: string[]
}

function manifestsUnder(distDir: string, appDir: string): string[] {
  const files: string[] = []
  const walk = (dir: string) => {
    if (!existsSync(dir)) return
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name)
      if (statSync(full).isDirectory()) walk(full)
      else if (name.endsWith('_client-reference-manifest.js')) files.push(full)
    }
  }
  walk(path.join(distDir, 'server', 'app', appDir))
  return files
}

export function readManifest(distDir: string, file: string): RouteManifest {
  const sandbox: { globalThis?: Record<string, unknown>; __RSC_MANIFEST?: Record<string, { clientModules: Record<string, unknown>; entryJSFiles: Record<string, string[]> }> } = {}
  sandbox.globalThis = sandbox as Record<string, unknown>
  vm.runInNewContext(readFileSync(file, 'utf8'), sandbox)
  const entries = Object.values(sandbox.__RSC_MANIFEST ?? {})
  return {
    route: path.relative(path.join(distDir, 'server', 'app'), file).replace(/_client-reference-manifest\.js$/, ''),
    clientModules: entries.flatMap((m) => Object.keys(m.clientModules)),
    entryJs: [...new Set(entries.flatMap((m) => Object.values(m.entryJSFiles).flat()))],
  }
}

/** The storefront's routes: the (shop) group and the 404 page that wears the shop's frame. */
export function storefrontManifests(distDir: string): RouteManifest[] {
  const files = [...manifestsUnder(distDir, '(shop)'), ...manifestsUnder(distDir, '_not-found')]
  return files.map((f) => readManifest(distDir, f))
}

export function adminManifests(distDir: string): RouteManifest[] {
  return manifestsUnder(distDir, 'admin').map((f) => readManifest(distDir, f))
}

/** The chunks `entry` loads, and those they load later (dynamic imports name their chunks in the code). */
export function chunkClosure(distDir: string, entry: readonly string[]): string[] {
  const seen = new Set<string>()
  const queue = [...entry]
  while (queue.length) {
    const chunk = queue.pop()!
    if (seen.has(chunk) || !chunk.endsWith('.js')) continue
    seen.add(chunk)
    const text = readFileSync(path.join(distDir, chunk), 'utf8')
    for (const m of text.matchAll(/static\/chunks\/[\w.~-]+\.js/g)) if (!seen.has(m[0])) queue.push(m[0])
  }
  return [...seen]
}

/** The back-office texts found in `code`. */
export function markersIn(code: string): string[] {
  return adminMarkers().filter((m) => code.includes(m))
}

/** Every back-office trace in a set of routes: module paths in their manifests, texts in their chunks. */
export function adminTraces(distDir: string, routes: readonly RouteManifest[]): string[] {
  const traces: string[] = []
  for (const r of routes) for (const m of r.clientModules) if (ADMIN_MODULE.test(m)) traces.push(`${r.route}: module ${m}`)
  const chunks = chunkClosure(
    distDir,
    routes.flatMap((r) => r.entryJs),
  )
  for (const chunk of chunks) for (const m of markersIn(readFileSync(path.join(distDir, chunk), 'utf8'))) traces.push(`${chunk}: «${m}»`)
  return traces
}
