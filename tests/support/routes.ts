import { readdirSync } from 'node:fs'
import path from 'node:path'

export interface RouteFile {
  /** URL path as the browser calls it, e.g. /ajax/basket/ */
  url: string
  file: string
  params: Record<string, string | string[]>
}

const APP_DIR = path.join(process.cwd(), 'src/app')

/** Every route.ts under src/app, with sample params for its dynamic segments. */
export function listRouteFiles(dir = APP_DIR): RouteFile[] {
  const out: RouteFile[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...listRouteFiles(full))
    else if (entry.name === 'route.ts') {
      const segments = path.relative(APP_DIR, dir).split(path.sep).filter(Boolean)
      const params: Record<string, string | string[]> = {}
      const urlParts = segments
        .filter((s) => !/^\(.*\)$/.test(s))
        .map((s) => {
          const catchAll = /^\[\.\.\.(.+)\]$/.exec(s)
          if (catchAll?.[1]) return ((params[catchAll[1]] = ['1']), '1')
          const dynamic = /^\[(.+)\]$/.exec(s)
          if (dynamic?.[1]) return ((params[dynamic[1]] = '1'), '1')
          return s
        })
      const last = urlParts.at(-1) ?? ''
      const url = `/${urlParts.join('/')}${last.includes('.') ? '' : '/'}`.replace(/\/+/g, '/')
      out.push({ url, file: full, params })
    }
  }
  return out
}
