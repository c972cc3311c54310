import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { connection } from 'next/server'
import { db } from '@/db/client'
import { sandboxView } from '@/domains/payment/payment.server'
import { SandboxPayment } from '@/domains/payment/ui/sandbox-payment'
import { currentSessionCookieId } from '@/domains/session/current-session.server'
import { sessidFor } from '@/lib/session'

export const metadata: Metadata = { title: 'Оплата заказа', robots: { index: false, follow: false } }

export default async function SandboxPage({ searchParams }: PageProps<'/payment/sandbox'>) {
  await connection()
  const { token } = await searchParams
  const view = typeof token === 'string' ? await sandboxView(db(), token) : null
  // An unpaid order's payment, or the open surcharge of a paid one (ADR 169).
  if (!view || (view.order.status !== 'awaiting_payment' && !view.surcharge)) notFound()
  const cookieId = await currentSessionCookieId()
  return (
    <main className="container-page py-8">
      <SandboxPayment view={view} token={token as string} sessid={cookieId ? sessidFor(cookieId) : ''} />
    </main>
  )
}
