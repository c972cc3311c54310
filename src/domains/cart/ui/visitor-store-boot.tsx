'use client'

import { useEffect } from 'react'
import { startVisitorStore } from './cart-store'

/** Mounted once in the root layout: the spec's page start loads basket and favourites. */
export function VisitorStoreBoot() {
  useEffect(() => {
    void startVisitorStore()
  }, [])
  return null
}
