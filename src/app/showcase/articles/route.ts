import { homeArticles } from '@/domains/content/content.server'

/** The home page's articles slider, loaded when it nears the screen (ADR 191); kept by the page cache. */
export async function GET() {
  return Response.json(await homeArticles(), { headers: { 'Cache-Control': 'public, max-age=60' } })
}
