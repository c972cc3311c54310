'use client'

import { usePathname } from 'next/navigation'
import { useEffect } from 'react'
import { pageShown, startVisitorStore } from './cart-store'

/**
 * Mounted once in the root layout: the spec's page start loads basket and favourites; after a
 * client-side navigation, a basket an order emptied on the page just left is read again.
 */
export function VisitorStoreBoot() {
  const pathname = usePathname()
  useEffect(() => {
    void startVisitorStore()
  }, [])
  useEffect(() => {
    void pageShown()
  }, [pathname])
  return null
}
