'use client'

import NextLink from 'next/link'
import { useState, type ComponentProps, type FocusEvent, type MouseEvent, type TouchEvent } from 'react'

type LinkProps = Omit<ComponentProps<typeof NextLink>, 'prefetch'>

/**
 * The shop's link: Next's, prefetching on intent (pointer over it, a touch, keyboard focus) rather
 * than on sight. Next prefetches every link that scrolls into view; on a product page that is about
 * twenty server renders and their RSC payloads, parsed on the phone's main thread just after
 * hydration, for pages the buyer mostly never opens (ADR 217). Reaching for the link switches Next's
 * own prefetching on for it, which then fetches it at once, as the link is in view.
 */
export function Link({ onMouseEnter, onTouchStart, onFocus, ...props }: LinkProps) {
  const [reached, setReached] = useState(false)
  return (
    <NextLink
      {...props}
      prefetch={reached ? undefined : false}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        setReached(true)
        onMouseEnter?.(event)
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        setReached(true)
        onTouchStart?.(event)
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        setReached(true)
        onFocus?.(event)
      }}
    />
  )
}
