import type { Metadata } from 'next'
import { dolyamePayView } from '@/domains/payment/providers/dolyame/dolyame.server'
import { GatewayPayPage } from '@/domains/payment/providers/gateway-pay-page'

export const metadata: Metadata = { title: 'Оплата заказа', robots: { index: false, follow: false } }

export default function DolyamePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <GatewayPayPage
      searchParams={searchParams}
      payView={dolyamePayView}
      title="Оплата Долями"
      note="Четыре платежа раз в две недели: первый сейчас, на странице сервиса Долями."
      action="/payment/dolyame/pay/"
      testId="dolyame-pay"
    />
  )
}
