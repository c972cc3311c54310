/**
 * Recognising the database's own refusals. Drizzle wraps the driver's error (node-postgres and PGlite
 * both carry the SQLSTATE `code` and the `constraint` name), so the chain of causes is searched.
 */
const CHECK_VIOLATION = '23514'

export function isCheckViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e instanceof Error || (typeof e === 'object' && e !== null); e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown }
    if (code === CHECK_VIOLATION && name === constraint) return true
    if (!('cause' in (e as object))) break
  }
  return false
}
