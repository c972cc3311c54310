import { visiblePartners } from '@/domains/catalog/catalog'
import { partnerLinksParamsSchema } from '@/domains/catalog/catalog.schema'
import { loadPartnerLinks } from '@/domains/catalog/catalog.server'

/**
 * A product's partner links, for a card's 'В аптеках' modal: asked for on the click, so a catalogue
 * page no longer carries every card's links (10 KB of 12 cards) in its payload (ADR 213). The same for
 * every visitor: the page cache keeps it like a page.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const parsed = partnerLinksParamsSchema.safeParse(await params)
  if (!parsed.success) return Response.json({ error: 'Товар не найден' }, { status: 404 })
  const links = (await loadPartnerLinks([parsed.data.id]))[parsed.data.id] ?? []
  return Response.json(visiblePartners(links), { headers: { 'Cache-Control': 'public, max-age=60' } })
}
