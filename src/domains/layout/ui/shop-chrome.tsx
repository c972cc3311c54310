import { headers } from 'next/headers'
import type { ReactNode } from 'react'
import { configuredCounters } from '@/domains/analytics/counters.server'
import { AnalyticsCounters } from '@/domains/analytics/ui/analytics-counters'
import { VisitorStoreBoot } from '@/domains/cart/ui/visitor-store-boot'
import { NONCE_HEADER } from '@/lib/csp'
import { env } from '@/lib/env'
import { HydrateLater } from '@/ui/hydrate-later'
import { CookieBanner } from './cookie-banner'
import { ModeStrip } from './mode-strip'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

/**
 * The storefront's frame around a page: header, footer, cookie banner, counters and the visitor's
 * store. The (shop) layout and the 404 page use it; the back office has a frame of its own, so none
 * of this reaches /admin/.
 */
export async function ShopChrome({ children }: { children: ReactNode }) {
  // The request's CSP nonce (src/proxy.ts), for the counter scripts the page adds itself (ADR 157).
  const nonce = (await headers()).get(NONCE_HEADER) ?? ''
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
        Перейти к содержимому
      </a>
      <ModeStrip mode={env().mode} paymentSandbox={env().paymentSandbox} />
      <HydrateLater>
        <SiteHeader />
      </HydrateLater>
      <main id="main" className="flex-1">
        <HydrateLater>{children}</HydrateLater>
      </main>
      <HydrateLater>
        <SiteFooter />
      </HydrateLater>
      <CookieBanner />
      <AnalyticsCounters {...await configuredCounters()} nonce={nonce} />
      <VisitorStoreBoot />
    </>
  )
}
