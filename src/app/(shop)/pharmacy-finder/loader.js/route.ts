import { loaderScript } from '@/domains/pharmacy-finder/pharmacy-finder'
import { env } from '@/lib/env'

/** The embed loader: defines VitamarketPharmacyFinder.mount(target, options). */
export function GET() {
  return new Response(loaderScript(env().PUBLIC_URL), {
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  })
}
