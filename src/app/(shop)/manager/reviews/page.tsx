import type { Metadata } from 'next'
import { notFound, redirect } from 'next/navigation'
import { connection } from 'next/server'
import { currentManager, reviewsForModeration } from '@/domains/reviews/reviews.server'
import { ModerationList } from '@/domains/reviews/ui/moderation-list'

export const metadata: Metadata = { title: 'Модерация отзывов', robots: { index: false, follow: false } }

export default async function ModerationPage() {
  await connection()
  const manager = await currentManager()
  if (manager === 'guest') redirect(`/personal/?BACK_URL=${encodeURIComponent('/manager/reviews/')}`)
  if (manager === 'forbidden') notFound()
  const items = await reviewsForModeration('pending')
  return (
    <div className="container-page py-6 sm:py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Модерация отзывов</h1>
      <p className="mt-1 text-ink-600">
        {manager.name}: {items.length ? `на проверке ${items.length}` : 'всё проверено'}
      </p>
      <div className="mt-6">
        <ModerationList items={items} />
      </div>
    </div>
  )
}
