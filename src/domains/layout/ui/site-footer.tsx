import { connection } from 'next/server'
import { shopDetails } from '../shop.server'
import { SiteFooterView } from './site-footer-view'

export { SiteFooterView }

/**
 * The footer reads the configured company details at request time (ADR 110). No Suspense boundary of
 * its own: the details come from the process's cache, and a boundary that completes after the shell
 * is sent at the end of the page and moved into place by React's script, which made Chrome lay the
 * whole page out again after the first paint (ADR 217).
 */
export async function SiteFooter() {
  await connection()
  return <SiteFooterView details={await shopDetails()} />
}
