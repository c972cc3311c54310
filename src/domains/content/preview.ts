/**
 * The draft preview (ADR 201): which storefront addresses an editor may be sent to. Pure, so the
 * back office's buttons and the preview route agree without a server.
 */

export const PREVIEW_MESSAGES = {
  badPath: 'Предпросмотр открывает только страницы витрины этого магазина (адрес вида /health/item/…/).',
  tokenRefused:
    'Предпросмотр открывается из панели управления, а не по токену API: он включается в браузере сотрудника.',
} as const

/**
 * A same-site storefront path, or null: starts with one '/', no scheme, host or backslash, and is
 * not the back office or an API. What is returned is the parsed path, never the raw input.
 */
export function previewTarget(raw: string): string | null {
  if (raw.length > 500 || !raw.startsWith('/') || raw.startsWith('//') || /[\\\s]/.test(raw)) return null
  let url: URL
  try {
    url = new URL(raw, 'http://shop.invalid')
  } catch {
    return null
  }
  if (url.origin !== 'http://shop.invalid') return null
  if (/^\/(?:admin|api|_next)(?:\/|$)/.test(url.pathname)) return null
  return `${url.pathname}${url.search}`
}

/** The back office's «Предпросмотр» form posts here; the route answers with the page in draft mode. */
export function previewAction(path: string): string {
  return `/api/admin/preview/?path=${encodeURIComponent(path)}`
}

export const PREVIEW_EXIT_ACTION = '/api/admin/preview/exit/'
