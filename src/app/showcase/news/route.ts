import { latestNews } from '@/domains/content/content.server'
import { HOME_NEWS_COUNT } from '@/domains/showcases/showcases'

/** The home page's news slider, loaded when it nears the screen (ADR 191); kept by the page cache. */
export async function GET() {
  return Response.json(await latestNews(HOME_NEWS_COUNT), {
    headers: { 'Cache-Control': 'public, max-age=60' },
  })
}
