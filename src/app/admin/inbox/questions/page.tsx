import type { Metadata } from 'next'
import { QuestionsPage } from './questions-page'

export const metadata: Metadata = { title: 'Входящие: вопросы о товарах' }

export default function InboxQuestionsPage({ searchParams }: PageProps<'/admin/inbox/questions'>) {
  return <QuestionsPage box="questions" path="/admin/inbox/questions/" searchParams={searchParams} />
}
