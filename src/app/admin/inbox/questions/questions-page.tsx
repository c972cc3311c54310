import { firstValues } from '@/admin/query'
import { requirePermission } from '@/admin/session.server'
import { FilterBar } from '@/admin/ui/filter-bar'
import { QuestionList } from '@/admin/ui/inbox/question-list'
import { Pagination } from '@/admin/ui/pagination'
import { themeLabel } from '@/domains/forms/forms'
import { QUESTION_KIND_LABELS } from '@/domains/inbox/inbox'
import { questionInboxQuery, type QuestionBox } from '@/domains/inbox/inbox.schema'
import { inboxQuestions } from '@/domains/inbox/inbox.server'
import { can } from '@/domains/staff/permissions'
import { moscow } from '../format'

/** The questions tab and the messages tab: one list, another box of kinds. */
export async function QuestionsPage({ box, path, searchParams }: { box: QuestionBox; path: string; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePermission('inbox.read', path)
  const values = firstValues(await searchParams)
  const parsed = questionInboxQuery.safeParse(values)
  const query = parsed.success ? parsed.data : questionInboxQuery.parse({})
  const page = await inboxQuestions(box, query)
  return (
    <>
      <FilterBar
        action={path}
        values={values}
        filters={[
          { name: 'state', label: 'Ответ', kind: 'select', options: [{ value: 'open', label: 'Без ответа' }, { value: 'answered', label: 'С ответом' }] },
          { name: 'q', label: 'Поиск', kind: 'text', placeholder: 'Имя, e-mail, товар или текст' },
        ]}
      />
      <QuestionList
        canWrite={can(actor.role, 'inbox.write')}
        items={page.items.map((q) => ({
          id: q.id,
          kindLabel: QUESTION_KIND_LABELS[q.kind],
          productName: q.productName,
          theme: q.theme ? themeLabel(q.theme) || q.theme : '',
          name: q.name,
          email: q.email,
          phone: q.phone,
          message: q.message,
          date: moscow(q.createdAt),
          replies: q.replies.map((r) => ({ id: r.id, author: r.author, text: r.text, date: moscow(r.createdAt) })),
        }))}
      />
      <Pagination path={path} params={{ state: query.state, q: query.q }} page={page.page} pageSize={page.limit} total={page.total} />
    </>
  )
}
