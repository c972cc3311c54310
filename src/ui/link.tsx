'use client'

import NextLink from 'next/link'
import { useRouter } from 'next/navigation'
import type { ComponentProps, FocusEvent, MouseEvent, TouchEvent } from 'react'

type LinkProps = Omit<ComponentProps<typeof NextLink>, 'prefetch'>

/**
 * The shop's link: Next's, prefetching on intent (pointer over it, a touch, keyboard focus) rather
 * than on sight. Next prefetches every link that scrolls into view; on a product page that is about
 * twenty server renders and their RSC payloads, parsed on the phone's main thread just after
 * hydration, for pages the buyer mostly never opens (ADR 217).
 */
export function Link({ href, onMouseEnter, onTouchStart, onFocus, ...props }: LinkProps) {
  const router = useRouter()
  const prefetch = () => {
    // Only our own pages: an outside address has nothing for the router to fetch.
    if (typeof href === 'string' && href.startsWith('/')) router.prefetch(href)
  }
  return (
    <NextLink
      {...props}
      href={href}
      prefetch={false}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        prefetch()
        onMouseEnter?.(event)
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        prefetch()
        onTouchStart?.(event)
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        prefetch()
        onFocus?.(event)
      }}
    />
  )
}
