import type { Metadata } from 'next'
import { SubscriptionLink } from '@/domains/forms/ui/subscription-link'

export const metadata: Metadata = { title: 'Подтверждение подписки', robots: { index: false, follow: false } }

export default async function SubscriptionConfirmPage({ searchParams }: PageProps<'/subscribe/confirm'>) {
  const token = (await searchParams).token
  return (
    <div className="container-page max-w-xl py-10">
      <h1 className="text-2xl font-bold">Подтверждение подписки</h1>
      <p className="mt-2 text-ink-600">Нажмите кнопку, чтобы получать рассылку Витамаркета.</p>
      <div className="mt-6">
        <SubscriptionLink token={typeof token === 'string' ? token : ''} action="confirm" />
      </div>
    </div>
  )
}
