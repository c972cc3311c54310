/**
 * The Content-Security-Policy of every page (ADR 157). Scripts run only from our origin or with the
 * request's nonce, and what those load ('strict-dynamic'); no inline script without the nonce, so an
 * injected <script> or event handler does not run. 'unsafe-eval' only for dev's React refresh.
 * `extra` widens script/connect/frame sources for the analytics counters, and only when they are
 * configured (ADR 115); browsers without 'strict-dynamic' fall back to those host lists.
 */
export interface CspSources {
  script: readonly string[]
  connect: readonly string[]
  frame: readonly string[]
}

export const NO_EXTRA_SOURCES: CspSources = { script: [], connect: [], frame: [] }

/** The request header that carries the nonce to the pages (read with `headers()`). */
export const NONCE_HEADER = 'x-nonce'

/**
 * The embed players of the video hosts a meal-plan video may come from (YouTube, Rutube, VK Video,
 * ADR 209): only these may be framed, and only after the buyer presses play (no frame before).
 */
export const VIDEO_FRAME_SOURCES = [
  'https://www.youtube-nocookie.com',
  'https://rutube.ru',
  'https://vkvideo.ru',
  'https://vk.com',
] as const

const list = (sources: readonly string[]) => sources.map((s) => ` ${s}`).join('')

/** 16 random bytes, base64: unguessable and fresh for every request. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
}

export function contentSecurityPolicy(options: { dev: boolean; nonce: string; frameAncestors: string; extra?: CspSources }): string {
  const extra = options.extra ?? NO_EXTRA_SOURCES
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${options.nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ''}${list(extra.script)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${list(extra.connect)}`,
    `frame-src 'self'${list(VIDEO_FRAME_SOURCES)}${list(extra.frame)}`,
    `frame-ancestors ${options.frameAncestors}`,
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
}
