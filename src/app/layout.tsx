import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'
import { SHOP } from '@/domains/layout/shop'
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

/** Only the document: the storefront's frame is the (shop) layout, the back office's is admin/. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="ru">
      <body className="flex min-h-screen flex-col">{children}</body>
    </html>
  )
}
