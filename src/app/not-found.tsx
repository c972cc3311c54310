import { NotFoundBody } from '@/domains/layout/ui/not-found-body'

/**
 * The root layout's 404 boundary, for a notFound() no nearer boundary catches (addresses no route
 * matches get global-not-found.tsx, ADR 180). Next puts it into every page's payload ready to show:
 * its built-in one, with inline styles, was 1 KB of each page; this is a reference to a client
 * component (ADR 213).
 */
export default function NotFound() {
  return <NotFoundBody />
}
