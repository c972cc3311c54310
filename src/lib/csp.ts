/**
 * The Content-Security-Policy of every response. Inline scripts: Next's bootstrap and our JSON-LD;
 * 'unsafe-eval' only for dev's React refresh. `extra` widens script/connect/frame sources for the
 * analytics counters, and only when they are configured (ADR 115).
 */
export interface CspSources {
  script: readonly string[]
  connect: readonly string[]
  frame: readonly string[]
}

export const NO_EXTRA_SOURCES: CspSources = { script: [], connect: [], frame: [] }

const list = (sources: readonly string[]) => sources.map((s) => ` ${s}`).join('')

export function contentSecurityPolicy(options: { dev: boolean; frameAncestors: string; extra?: CspSources }): string {
  const extra = options.extra ?? NO_EXTRA_SOURCES
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${options.dev ? " 'unsafe-eval'" : ''}${list(extra.script)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${list(extra.connect)}`,
    `frame-src 'self'${list(extra.frame)}`,
    `frame-ancestors ${options.frameAncestors}`,
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
}
