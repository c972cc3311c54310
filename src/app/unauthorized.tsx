import { Link } from '@/ui/link'

/**
 * The root's 401, for an unauthorized() no nearer boundary catches. Next puts this boundary into every
 * page's payload, ready to show: its built-in one, with inline styles, was 1.1 KB of each storefront
 * page (ADR 213).
 */
export default function Unauthorized() {
  return (
    <main className="container-page py-16 text-center">
      <h1 className="text-xl font-bold">401: нужно войти</h1>
      <Link href="/personal/" className="mt-4 inline-block text-brand-700 underline">
        Войти
      </Link>
    </main>
  )
}
