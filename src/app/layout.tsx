import type { Metadata, Viewport } from 'next'
import { headers } from 'next/headers'
import type { ReactNode } from 'react'
import { configuredCounters } from '@/domains/analytics/counters.server'
import { AnalyticsCounters } from '@/domains/analytics/ui/analytics-counters'
import { VisitorStoreBoot } from '@/domains/cart/ui/visitor-store-boot'
import { CookieBanner } from '@/domains/layout/ui/cookie-banner'
import { ModeStrip } from '@/domains/layout/ui/mode-strip'
import { SiteFooter } from '@/domains/layout/ui/site-footer'
import { SiteHeader } from '@/domains/layout/ui/site-header'
import { SHOP } from '@/domains/layout/shop'
import { NONCE_HEADER } from '@/lib/csp'
import { env } from '@/lib/env'
import './globals.css'

export const metadata: Metadata = {
  metadataBase: new URL(env().PUBLIC_URL),
  title: { default: `${SHOP.name} — витамины и БАД с доставкой по России`, template: `%s — ${SHOP.name}` },
  description:
    'Витамины, минералы и БАД для здоровья с доставкой по всей России: пункты выдачи, курьер, оплата картой и долями.',
  openGraph: { siteName: SHOP.name, locale: 'ru_RU', type: 'website' },
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#2f9e5b' }

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The request's CSP nonce (src/proxy.ts), for the counter scripts the page adds itself (ADR 157).
  const nonce = (await headers()).get(NONCE_HEADER) ?? ''
  return (
    <html lang="ru">
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
          Перейти к содержимому
        </a>
        <ModeStrip mode={env().mode} paymentSandbox={env().paymentSandbox} />
        <SiteHeader />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
        <CookieBanner />
        <AnalyticsCounters {...configuredCounters()} nonce={nonce} />
        <VisitorStoreBoot />
      </body>
    </html>
  )
}
