import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { connection } from 'next/server'
import { shopDetails } from '@/domains/layout/shop.server'
import { invoiceView } from '@/domains/payment/payment.server'
import { Invoice } from '@/domains/payment/ui/invoice'
import { currentSession } from '@/domains/session/current-session.server'

export const metadata: Metadata = { title: 'Счёт на оплату', robots: { index: false, follow: false } }

export default async function InvoicePage({ searchParams }: PageProps<'/payment/invoice'>) {
  await connection()
  const { ORDER_ID } = await searchParams
  const session = await currentSession()
  const found = session ? await invoiceView(ORDER_ID, { sessionId: session.id, userId: session.userId }) : null
  if (!found) notFound()
  return <Invoice order={found.order} lines={found.lines} details={await shopDetails()} />
}
