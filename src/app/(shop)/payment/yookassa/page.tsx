import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { connection } from 'next/server'
import { yookassaPayView } from '@/domains/payment/providers/yookassa/yookassa.server'
import { YookassaPayment } from '@/domains/payment/ui/yookassa-payment'
import { currentSessionCookieId } from '@/domains/session/current-session.server'
import { sessidFor } from '@/lib/session'

export const metadata: Metadata = { title: 'Оплата заказа', robots: { index: false, follow: false } }

export default async function YookassaPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await connection()
  const { token, error } = await searchParams
  const view = typeof token === 'string' ? await yookassaPayView(token) : null
  if (!view) notFound()
  const cookieId = await currentSessionCookieId()
  return (
    <main className="container-page py-8">
      <YookassaPayment view={view} token={token as string} sessid={cookieId ? sessidFor(cookieId) : ''} error={error === 'receipt' ? 'receipt' : error ? 'unavailable' : null} />
    </main>
  )
}
