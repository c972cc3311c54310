import { featuredSlides } from '@/domains/showcases/showcases.server'

/**
 * The featured slides, for the product page's 'Рекомендуем' slider, loaded when it nears the screen
 * (ADR 213). The same for every visitor: the page cache keeps it like a page.
 */
export async function GET() {
  return Response.json(await featuredSlides(), { headers: { 'Cache-Control': 'public, max-age=60' } })
}
