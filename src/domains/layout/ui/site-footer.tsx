import { connection } from 'next/server'
import { Suspense } from 'react'
import { shopDetails } from '../shop.server'
import { SiteFooterView } from './site-footer-view'

export { SiteFooterView }

/** The footer reads the configured company details at request time (ADR 110); the shell streams first. */
export function SiteFooter() {
  return (
    <Suspense fallback={<footer className="mt-16 border-t border-line bg-surface" />}>
      <ConfiguredFooter />
    </Suspense>
  )
}

async function ConfiguredFooter() {
  await connection()
  return <SiteFooterView details={await shopDetails()} />
}
