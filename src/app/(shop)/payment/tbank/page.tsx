import type { Metadata } from 'next'
import { GatewayPayPage } from '@/domains/payment/providers/gateway-pay-page'
import { tbankPayView } from '@/domains/payment/providers/tbank/tbank.server'

export const metadata: Metadata = { title: 'Оплата заказа', robots: { index: false, follow: false } }

export default function TbankPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <GatewayPayPage
      searchParams={searchParams}
      payView={tbankPayView}
      title="Оплата картой"
      note="Оплата проходит на защищённой странице Т-Банка. Чек придёт на вашу почту."
      action="/payment/tbank/pay/"
      testId="tbank-pay"
    />
  )
}
