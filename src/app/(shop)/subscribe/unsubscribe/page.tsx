import type { Metadata } from 'next'
import { SubscriptionLink } from '@/domains/forms/ui/subscription-link'

export const metadata: Metadata = { title: 'Отписка от рассылки', robots: { index: false, follow: false } }

export default async function UnsubscribePage({ searchParams }: PageProps<'/subscribe/unsubscribe'>) {
  const token = (await searchParams).token
  return (
    <div className="container-page max-w-xl py-10">
      <h1 className="text-2xl font-bold">Отписка от рассылки</h1>
      <p className="mt-2 text-ink-600">Нажмите кнопку, и мы больше не будем присылать письма рассылки.</p>
      <div className="mt-6">
        <SubscriptionLink token={typeof token === 'string' ? token : ''} action="unsubscribe" />
      </div>
    </div>
  )
}
