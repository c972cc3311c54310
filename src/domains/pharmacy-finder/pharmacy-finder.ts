/**
 * The pharmacy-finder widget: our own page (/pharmacy-finder/) embedded in an iframe, and the loader
 * script that builds the iframe (parameters productId, productIds, utm_*, fullForm=1, as the spec's
 * third-party price widget took them).
 */

export const FINDER_PATH = '/pharmacy-finder/'
export const LOADER_PATH = '/pharmacy-finder/loader.js'

export const FINDER_ERRORS = {
  missing: 'Виджет аптек: укажите productId или productIds',
  notInList: 'Виджет аптек: productIds должен содержать productId',
  badId: 'Виджет аптек: productId и productIds — положительные целые числа',
} as const

export interface FinderParams {
  /** The product shown first. */
  productId: number
  /** The selector's products, productId among them. */
  productIds: number[]
  utm: Record<string, string>
  fullForm: boolean
}

export type FinderParse = { ok: true; params: FinderParams } | { ok: false; error: string }

const isId = (s: string) => /^[1-9]\d{0,9}$/.test(s) && Number(s) <= 2_147_483_647

/**
 * The same rules as the loader: neither productId nor productIds → error; productIds without productId
 * in it → error; productIds alone starts on its first product.
 */
export function parseFinderParams(query: URLSearchParams): FinderParse {
  const rawId = query.get('productId')?.trim() ?? ''
  const rawList = (query.get('productIds') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (!rawId && rawList.length === 0) return { ok: false, error: FINDER_ERRORS.missing }
  if ((rawId && !isId(rawId)) || rawList.some((s) => !isId(s))) return { ok: false, error: FINDER_ERRORS.badId }
  const list = [...new Set(rawList.map(Number))].slice(0, 20)
  const productId = rawId ? Number(rawId) : (list[0] as number)
  if (list.length > 0 && !list.includes(productId)) return { ok: false, error: FINDER_ERRORS.notInList }
  const utm: Record<string, string> = {}
  for (const [key, value] of query) if (/^utm_[a-z_]{1,30}$/.test(key) && value.length <= 200) utm[key] = value
  return { ok: true, params: { productId, productIds: list.length > 0 ? list : [productId], utm, fullForm: query.get('fullForm') === '1' } }
}

/** The iframe address for a set of parameters, relative to the shop (for frames on our own pages). */
export function finderPath(params: FinderParams): string {
  const query = new URLSearchParams({ productId: String(params.productId) })
  if (params.productIds.length > 1) query.set('productIds', params.productIds.join(','))
  for (const [k, v] of Object.entries(params.utm)) query.set(k, v)
  if (params.fullForm) query.set('fullForm', '1')
  return `${FINDER_PATH}?${query.toString()}`
}

/** The iframe address for a set of parameters. */
export function finderSrc(origin: string, params: FinderParams): string {
  return new URL(finderPath(params), origin).toString()
}

/**
 * The widget posts `{ type: FINDER_HEIGHT_MESSAGE, height }` to its embedder whenever its content
 * height changes, so the frame can be exactly as tall as the widget (no scroll bar inside a page).
 */
export const FINDER_HEIGHT_MESSAGE = 'vitamarket-pharmacy-finder:height'

/** Reads a height message; null for any other message. */
export function finderHeight(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null
  const { type, height } = data as { type?: unknown; height?: unknown }
  if (type !== FINDER_HEIGHT_MESSAGE || typeof height !== 'number' || !Number.isFinite(height)) return null
  return Math.min(Math.max(Math.ceil(height), 0), 10_000)
}

/** A partner's product link with the embedding site's utm_* marks added. */
export function withUtm(link: string, utm: Record<string, string>): string {
  try {
    const url = new URL(link)
    for (const [k, v] of Object.entries(utm)) url.searchParams.set(k, v)
    return url.toString()
  } catch {
    return link
  }
}

/**
 * The loader served at /pharmacy-finder/loader.js. Usage on any page:
 *   <div id="finder"></div>
 *   <script src="https://shop/pharmacy-finder/loader.js"></script>
 *   <script>VitamarketPharmacyFinder.mount('#finder', { productId: 12, productIds: [12, 14], utm_source: 'blog', fullForm: 1 })</script>
 * It throws a clear Error instead of drawing an empty frame when the products are missing.
 */
export function loaderScript(origin: string): string {
  return `(function () {
  'use strict';
  var ORIGIN = ${JSON.stringify(origin)};
  var ERR = ${JSON.stringify(FINDER_ERRORS)};
  function ids(v) { return v == null || v === '' ? [] : (Array.isArray(v) ? v : String(v).split(',')).map(function (s) { return String(s).trim(); }).filter(Boolean); }
  function isId(s) { return /^[1-9]\\d{0,9}$/.test(s); }
  function mount(target, options) {
    var el = typeof target === 'string' ? document.querySelector(target) : target;
    if (!el) throw new Error('Виджет аптек: не найден элемент ' + target);
    options = options || {};
    var id = options.productId == null ? '' : String(options.productId).trim();
    var list = ids(options.productIds);
    if (!id && list.length === 0) throw new Error(ERR.missing);
    if ((id && !isId(id)) || list.some(function (s) { return !isId(s); })) throw new Error(ERR.badId);
    if (id && list.length > 0 && list.indexOf(id) < 0) throw new Error(ERR.notInList);
    var url = new URL(${JSON.stringify(FINDER_PATH)}, ORIGIN);
    url.searchParams.set('productId', id || list[0]);
    if (list.length > 1) url.searchParams.set('productIds', list.join(','));
    Object.keys(options).forEach(function (k) { if (/^utm_/.test(k)) url.searchParams.set(k, String(options[k])); });
    if (options.fullForm == 1) url.searchParams.set('fullForm', '1');
    var frame = document.createElement('iframe');
    frame.src = url.toString();
    frame.title = 'Где купить';
    frame.loading = 'lazy';
    frame.style.cssText = 'width:100%;min-height:' + (options.fullForm == 1 ? 640 : 420) + 'px;border:0';
    el.innerHTML = '';
    el.appendChild(frame);
    return frame;
  }
  window.VitamarketPharmacyFinder = { mount: mount };
})();
`
}
