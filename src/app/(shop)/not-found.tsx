import { NotFoundBody } from '@/domains/layout/ui/not-found-body'

/**
 * notFound() in a shop page: the (shop) layout already draws the frame, so this boundary is the body
 * alone. A frame here would travel in every page's RSC payload a second time (ADR 180).
 */
export default function NotFound() {
  return <NotFoundBody />
}
