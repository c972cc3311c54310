import { listRefFromPath, loadCatalogResult } from '@/domains/catalog/catalog.server'

/**
 * 'ПОКАЗАТЬ ЕЩЁ': the proxy rewrites GET {list address}?ajax=Y&PAGEN_1=n here with path={list address}
 * (a page and a route handler cannot share one address).
 */
export async function GET(request: Request) {
  const url = new URL(request.url)
  const params = url.searchParams
  // Depending on the runtime the handler sees the rewritten or the original address.
  const listPath = params.get('path') ?? (url.pathname === '/catalog/show-more/' ? '' : url.pathname)
  const ref = listRefFromPath(listPath)
  params.delete('path')
  params.delete('ajax')
  const result = ref ? await loadCatalogResult(ref, params) : null
  if (!result) return Response.json({ error: 'Раздел не найден' }, { status: 404 })
  return Response.json(result, { headers: { 'Cache-Control': 'public, max-age=60' } })
}
