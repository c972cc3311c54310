import { loadProductPage } from '@/domains/catalog/catalog.server'
import { SIMILAR_CARDS } from '@/domains/catalog/similar'

/**
 * The product page's similar products, loaded when they near the screen, at the bottom of the page
 * (ADR 213). The same for every visitor: the page cache keeps it like a page.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ section: string; product: string }> }) {
  const { section, product } = await params
  const found = await loadProductPage(section, product)
  if (found.kind !== 'found') return Response.json({ error: 'Товар не найден' }, { status: 404 })
  return Response.json(found.page.similar.slice(0, SIMILAR_CARDS), { headers: { 'Cache-Control': 'public, max-age=60' } })
}
