import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'
import { SHOP } from '@/domains/layout/shop'
import { env } from '@/lib/env'
import { ReadyMark } from '@/ui/ready-mark'

export const rootMetadata: Metadata = {
  metadataBase: new URL(env().PUBLIC_URL),
  title: { default: `${SHOP.name} — витамины и БАД с доставкой по России`, template: `%s — ${SHOP.name}` },
  description:
    'Витамины, минералы и БАД для здоровья с доставкой по всей России: пункты выдачи, курьер, оплата картой и долями.',
  openGraph: { siteName: SHOP.name, locale: 'ru_RU', type: 'website' },
}

export const rootViewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#2f9e5b' }

/** The document both the root layout and the 404 of unknown addresses (which has no layout) render. */
export function RootDocument({ children }: { children: ReactNode }) {
  return (
    <html lang="ru">
      <body className="flex min-h-screen flex-col">
        {children}
        <ReadyMark />
      </body>
    </html>
  )
}
