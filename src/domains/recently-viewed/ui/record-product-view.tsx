'use client'

import { useEffect } from 'react'
import { postForm } from '@/lib/ajax-client'

/**
 * Mount on the product page: tells the server once that this visitor opened the product, so the page
 * itself stays the same for everyone (cacheable). Failures are ignored; the list is a convenience.
 */
export function RecordProductView({ productId }: { productId: number }) {
  useEffect(() => {
    postForm('/ajax/recently-viewed/', { action: 'add', productId }).catch(() => {})
  }, [productId])
  return null
}
