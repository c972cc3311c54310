import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { connection } from 'next/server'
import { dolyamePayView } from '@/domains/payment/providers/dolyame/dolyame.server'
import { GatewayPayment, payErrorOf } from '@/domains/payment/providers/gateway-payment'
import { currentSessionCookieId } from '@/domains/session/current-session.server'
import { sessidFor } from '@/lib/session'

export const metadata: Metadata = { title: 'Оплата заказа', robots: { index: false, follow: false } }

export default async function DolyamePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await connection()
  const { token, error } = await searchParams
  const view = typeof token === 'string' ? await dolyamePayView(token) : null
  if (!view) notFound()
  const cookieId = await currentSessionCookieId()
  return (
    <main className="container-page py-8">
      <GatewayPayment
        view={view}
        token={token as string}
        sessid={cookieId ? sessidFor(cookieId) : ''}
        error={payErrorOf(error)}
        title="Оплата Долями"
        note="Четыре платежа раз в две недели: первый сейчас, на странице сервиса Долями."
        action="/payment/dolyame/pay/"
        testId="dolyame-pay"
      />
    </main>
  )
}
