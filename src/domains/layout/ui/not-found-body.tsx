'use client'

import { Link } from '@/ui/link'

/**
 * What a missing page says inside the shop's frame: for unknown addresses and for notFound() alike.
 * A client component without props: every page's payload carries the (shop) 404 boundary ready to
 * show, and this way that is a reference, not the message's tree (ADR 213).
 */
export function NotFoundBody() {
  return (
    <div className="container-page flex flex-col items-center py-20 text-center">
      <p className="text-6xl font-bold text-brand-500">404</p>
      <h1 className="mt-4 text-2xl font-bold">Страница не найдена</h1>
      <p className="mt-2 max-w-md text-ink-600">
        Возможно, товар снят с продажи или в адресе опечатка. Загляните в каталог — там всё самое нужное.
      </p>
      <div className="mt-6 flex gap-3">
        <Link href="/catalog/" className="rounded-lg bg-brand-500 px-5 py-2.5 font-semibold text-white hover:bg-brand-600">
          В каталог
        </Link>
        <Link href="/" className="rounded-lg border border-line px-5 py-2.5 font-semibold hover:bg-surface">
          На главную
        </Link>
      </div>
    </div>
  )
}
