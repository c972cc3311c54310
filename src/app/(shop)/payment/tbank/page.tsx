import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { connection } from 'next/server'
import { GatewayPayment, payErrorOf } from '@/domains/payment/providers/gateway-payment'
import { tbankPayView } from '@/domains/payment/providers/tbank/tbank.server'
import { currentSessionCookieId } from '@/domains/session/current-session.server'
import { sessidFor } from '@/lib/session'

export const metadata: Metadata = { title: 'Оплата заказа', robots: { index: false, follow: false } }

export default async function TbankPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await connection()
  const { token, error } = await searchParams
  const view = typeof token === 'string' ? await tbankPayView(token) : null
  if (!view) notFound()
  const cookieId = await currentSessionCookieId()
  return (
    <main className="container-page py-8">
      <GatewayPayment
        view={view}
        token={token as string}
        sessid={cookieId ? sessidFor(cookieId) : ''}
        error={payErrorOf(error)}
        title="Оплата картой"
        note="Оплата проходит на защищённой странице Т-Банка. Чек придёт на вашу почту."
        action="/payment/tbank/pay/"
        testId="tbank-pay"
      />
    </main>
  )
}
