import type { Metadata } from 'next'
import { QuestionsPage } from '../questions/questions-page'

export const metadata: Metadata = { title: 'Входящие: сообщения' }

export default function InboxMessagesPage({ searchParams }: PageProps<'/admin/inbox/messages'>) {
  return <QuestionsPage box="messages" path="/admin/inbox/messages/" searchParams={searchParams} />
}
