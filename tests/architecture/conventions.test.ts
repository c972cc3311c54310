import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/** Conventions the linter cannot see: file names, server-only markers, one reader of process.env. */
function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    return e.isDirectory() ? walk(full) : [full]
  })
}

const src = walk(path.join(process.cwd(), 'src')).filter((f) => /\.(ts|tsx)$/.test(f) && !f.includes('/migrations/'))
const rel = (f: string) => path.relative(process.cwd(), f)

describe('code conventions', () => {
  it('file and folder names are kebab-case (Next route folders excepted)', () => {
    const offenders = src
      .filter((f) => !f.includes(`${path.sep}app${path.sep}`))
      .map(rel)
      .filter((f) => !/^[a-z0-9./-]+$/.test(f.replace(/^src\//, '')))
    expect(offenders).toEqual([])
  })

  it('every *.server.ts starts with import "server-only"', () => {
    const offenders = src
      .filter((f) => f.endsWith('.server.ts'))
      .filter((f) => !/^import 'server-only'/m.test(readFileSync(f, 'utf8')))
      .map(rel)
    expect(offenders).toEqual([])
  })

  it('only src/lib/env.ts reads process.env (and test-hooks.ts its NODE_ENV, ADR 151)', () => {
    const offenders = src
      .filter((f) => !f.endsWith(path.join('lib', 'env.ts')))
      .filter((f) => {
        const text = readFileSync(f, 'utf8')
        const reads = text.match(/process\.env\b(\.\w+)?/g) ?? []
        return f.endsWith(path.join('lib', 'test-hooks.ts')) ? reads.some((r) => r !== 'process.env.NODE_ENV') : reads.length > 0
      })
      .map(rel)
    expect(offenders).toEqual([])
  })

  it('production code exports no test switches: they are test hooks that tests/support sets (ADR 151)', () => {
    const offenders = src
      .filter((f) => !f.includes('.test.'))
      .filter((f) => /^export\b[^\n]*\b\w+ForTests\b/m.test(readFileSync(f, 'utf8')))
      .map(rel)
    expect(offenders).toEqual([])
  })

  it('production code never imports from tests/', () => {
    const offenders = src
      .filter((f) => !f.includes('.test.'))
      .filter((f) => /from\s+['"](\.\.\/)+tests\/|import\(\s*['"](\.\.\/)+tests\//.test(readFileSync(f, 'utf8')))
      .map(rel)
    expect(offenders).toEqual([])
  })

  it('no any at the seams', () => {
    const offenders = src
      .filter((f) => !f.includes('.test.'))
      .filter((f) => /(\bas any\b|:\s*any\b)/.test(readFileSync(f, 'utf8')))
      .map(rel)
    expect(offenders).toEqual([])
  })
})
