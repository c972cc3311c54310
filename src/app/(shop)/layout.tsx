import type { ReactNode } from 'react'
import { ShopChrome } from '@/domains/layout/ui/shop-chrome'

export default function ShopLayout({ children }: { children: ReactNode }) {
  return <ShopChrome>{children}</ShopChrome>
}
