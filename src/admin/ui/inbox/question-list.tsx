'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import { AdminApiError, adminFetch } from '../api-client'
import { ui } from '../styles'
import { useHydrated } from '@/ui/use-hydrated'

/** A question or message as the inbox shows it, dates formatted on the server. */
export interface InboxQuestion {
  id: number
  kindLabel: string
  productName: string
  theme: string
  name: string
  email: string
  phone: string
  message: string
  date: string
  replies: { id: number; author: string; text: string; date: string }[]
}

function ReplyForm({ id, email }: { id: number; email: string }) {
  // Until React has hydrated, a submit would go out as a native form: the button waits.
  const hydrated = useHydrated()
  const router = useRouter()
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null)

  async function send(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setNote(null)
    try {
      const answer = await adminFetch<{ message: string }>('POST', `/api/admin/questions/${id}/reply/`, { text })
      setText('')
      setNote({ ok: true, text: answer.message })
      router.refresh()
    } catch (e) {
      setNote({ ok: false, text: e instanceof AdminApiError ? (e.fields.text ?? e.message) : 'Не получилось. Попробуйте ещё раз.' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={send} className="mt-3" aria-label={`Ответ на ${email}`}>
      <label className="block">
        <span className={ui.label}>Ответ на {email}</span>
        <textarea value={text} onChange={(e) => setText(e.target.value)} rows={3} maxLength={5000} className={ui.input} required />
      </label>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button type="submit" className={ui.button} disabled={busy || !hydrated || text.trim() === ''}>
          Отправить ответ
        </button>
        {note ? (
          <span role={note.ok ? 'status' : 'alert'} className={`text-sm ${note.ok ? 'text-brand-700' : 'text-sale-500'}`}>
            {note.text}
          </span>
        ) : null}
      </div>
    </form>
  )
}

export function QuestionList({ items, canWrite }: { items: InboxQuestion[]; canWrite: boolean }) {
  if (items.length === 0) return <p className="text-sm text-ink-600">Ничего не найдено.</p>
  return (
    <ul className="space-y-3">
      {items.map((q) => (
        <li key={q.id} className={`${ui.card} p-4`} data-testid="inbox-question">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="font-semibold">
              {q.kindLabel} №{q.id}
            </span>
            {q.productName ? <span>«{q.productName}»</span> : null}
            {q.theme ? <span className="text-ink-600">Тема: {q.theme}</span> : null}
            <span className="text-ink-600">{q.date}</span>
          </div>
          <p className="mt-1 text-sm text-ink-600">
            {q.name}, <a className={ui.link} href={`mailto:${q.email}`}>{q.email}</a>
            {q.phone ? `, ${/^\d{11}$/.test(q.phone) ? `+${q.phone}` : q.phone}` : ''}
          </p>
          <p className="mt-2 whitespace-pre-line break-words text-sm">{q.message}</p>
          {q.replies.length > 0 ? (
            <ul className="mt-3 space-y-2 border-l-2 border-brand-100 pl-3">
              {q.replies.map((r) => (
                <li key={r.id} className="text-sm">
                  <span className="text-xs text-ink-600">
                    Ответ: {r.author}, {r.date}
                  </span>
                  <p className="whitespace-pre-line break-words">{r.text}</p>
                </li>
              ))}
            </ul>
          ) : null}
          {canWrite ? <ReplyForm id={q.id} email={q.email} /> : null}
        </li>
      ))}
    </ul>
  )
}
