import type { Metadata } from 'next'
import { ShopChrome } from '@/domains/layout/ui/shop-chrome'
import { NotFoundBody } from '@/domains/layout/ui/not-found-body'
import { rootMetadata, rootViewport, RootDocument } from './root-document'
import './globals.css'

export const metadata: Metadata = { ...rootMetadata, title: 'Страница не найдена' }
export const viewport = rootViewport

/**
 * An address no route matches. Rendered on its own, outside every layout (experimental.globalNotFound),
 * so it is not a boundary that every page carries in its payload (ADR 180).
 */
export default function GlobalNotFound() {
  return (
    <RootDocument>
      <ShopChrome>
        <NotFoundBody />
      </ShopChrome>
    </RootDocument>
  )
}
