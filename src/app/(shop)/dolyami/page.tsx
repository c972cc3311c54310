import type { Metadata } from 'next'
import { SplitPaymentView } from '@/domains/split-payment/ui/split-payment-view'

export const metadata: Metadata = {
  title: 'Оплата долями',
  description: 'Оплата покупки четырьмя частями без процентов: первая сразу, остальные каждые 2 недели.',
  alternates: { canonical: '/dolyami/' },
}

export default function DolyamiPage() {
  return <SplitPaymentView />
}
