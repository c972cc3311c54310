import { Link } from '@/ui/link'

/**
 * The root's 403, for a forbidden() no nearer boundary catches (the back office has its own). Next puts
 * this boundary into every page's payload, ready to show: its built-in one, with inline styles, was
 * 1.1 KB of each storefront page (ADR 213).
 */
export default function Forbidden() {
  return (
    <main className="container-page py-16 text-center">
      <h1 className="text-xl font-bold">403: нет доступа</h1>
      <Link href="/" className="mt-4 inline-block text-brand-700 underline">
        На главную
      </Link>
    </main>
  )
}
