'use client'

import { useSyncExternalStore } from 'react'
import { REGION_COOKIE } from '@/domains/delivery/delivery'
import { NewsletterBlock } from '@/domains/forms/ui/newsletter'

const noSubscription = () => () => undefined

/** The visitor's location code from the region cookie (set by the location picker); '' on the server. */
function regionFromCookie(): string {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${REGION_COOKIE}=`))
  return hit ? decodeURIComponent(hit.slice(REGION_COOKIE.length + 1)) : ''
}

/**
 * The footer's newsletter block with the visitor's region, so the new-subscriber promo of one region
 * (ADR 111) shows there. Read in the browser: the footer's HTML is the same for every visitor.
 */
export function FooterNewsletter() {
  const region = useSyncExternalStore(noSubscription, regionFromCookie, () => '')
  return <NewsletterBlock region={region || undefined} />
}
