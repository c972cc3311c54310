'use client'

import { useEffect } from 'react'
import { postForm } from '@/lib/ajax-client'
import { inOwnTask } from '@/lib/own-task'

/**
 * Mount on the product page: tells the server once that this visitor opened the product, so the page
 * itself stays the same for everyone (cacheable). Failures are ignored; the list is a convenience.
 */
export function RecordProductView({ productId }: { productId: number }) {
  useEffect(() => {
    inOwnTask(() => postForm('/ajax/recently-viewed/', { action: 'add', productId })).catch(() => {})
  }, [productId])
  return null
}
