import { expertSetsTab, homeProductTab } from '@/domains/showcases/showcases.server'

/**
 * The content of one home-page tab, for the tabs the home page does not send (ADR 191). The same for
 * every visitor, so the page cache keeps it like a page.
 */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ block: string; tab: string }> },
) {
  const { block, tab } = await params
  const content =
    block === 'mainpage-products'
      ? await homeProductTab(tab)
      : block === 'sets-from-experts'
        ? await expertSetsTab(tab)
        : null
  if (!content) return Response.json({ error: 'Подборка не найдена' }, { status: 404 })
  return Response.json(content, { headers: { 'Cache-Control': 'public, max-age=60' } })
}
