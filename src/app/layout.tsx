import type { ReactNode } from 'react'
import { rootMetadata, rootViewport, RootDocument } from './root-document'
import './globals.css'

export const metadata = rootMetadata
export const viewport = rootViewport

/** Only the document: the storefront's frame is the (shop) layout, the back office's is admin/. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return <RootDocument>{children}</RootDocument>
}
