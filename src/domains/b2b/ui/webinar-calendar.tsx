'use client'

import { useState, type FormEvent } from 'react'
import { AjaxCallError, postForm } from '@/lib/ajax-client'
import { Modal } from '@/ui/modal'
import { B2B_MESSAGES, EVENTS_PAGE, contactErrors } from '../b2b'
import type { B2bEvent } from '../b2b.server'
import { ContactFields, serverFieldErrors, type ContactErrors, type ContactValues } from './contact-fields'

/** Webinars: the first 3, then 'Показать ещё'; registration in a modal, then a thank-you popup. */
export function WebinarCalendar({ events }: { events: B2bEvent[] }) {
  const [shown, setShown] = useState(EVENTS_PAGE)
  const [registering, setRegistering] = useState<B2bEvent | null>(null)
  const [thanks, setThanks] = useState<B2bEvent | null>(null)

  if (events.length === 0) return <p className="text-ink-600">Ближайших вебинаров пока нет — следите за анонсами.</p>
  return (
    <div data-webinars>
      <ul className="grid gap-4 md:grid-cols-3">
        {events.slice(0, shown).map((e) => (
          <li key={e.id} className="flex flex-col rounded-2xl border border-line bg-white p-5 break-words hyphens-auto" data-card="webinar" data-webinar={e.id}>
            <time dateTime={e.startsAt} className="text-sm font-semibold text-brand-700">
              {e.activeTo}
            </time>
            <h3 className="mt-2 text-lg font-bold">{e.name}</h3>
            <p className="mt-2 flex-1 text-sm text-ink-600">{e.previewText}</p>
            <p className="mt-2 text-xs text-ink-400">{e.programme}</p>
            <button type="button" onClick={() => setRegistering(e)} className="mt-4 h-11 rounded-xl border border-brand-500 font-semibold text-brand-700 hover:bg-brand-50">
              Зарегистрироваться
            </button>
          </li>
        ))}
      </ul>
      {shown < events.length && (
        <button type="button" onClick={() => setShown((n) => n + EVENTS_PAGE)} className="mx-auto mt-6 block h-11 rounded-xl bg-surface px-8 font-semibold hover:bg-brand-50" data-show-more>
          Показать ещё
        </button>
      )}
      <Modal open={registering !== null} onClose={() => setRegistering(null)} title="Регистрация на вебинар">
        {registering && (
          <RegistrationForm
            key={registering.id}
            event={registering}
            onDone={() => {
              setThanks(registering)
              setRegistering(null)
            }}
          />
        )}
      </Modal>
      <Modal open={thanks !== null} onClose={() => setThanks(null)} title="Спасибо за регистрацию!" size="sm">
        <p className="text-ink-600" data-webinar-thanks>
          Мы пришлём ссылку на вебинар «{thanks?.name}» на вашу почту накануне эфира.
        </p>
        <button type="button" onClick={() => setThanks(null)} className="mt-4 h-11 w-full rounded-xl bg-brand-500 font-semibold text-white">
          Хорошо
        </button>
      </Modal>
    </div>
  )
}

function RegistrationForm({ event, onDone }: { event: B2bEvent; onDone: () => void }) {
  const [values, setValues] = useState<ContactValues>({ name: '', phone: '', email: '' })
  const [errors, setErrors] = useState<ContactErrors>({})
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState('')

  async function submit(e: FormEvent) {
    e.preventDefault()
    setFailure('')
    const found = contactErrors(values)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setSending(true)
    try {
      await postForm('/ajax/b2bevent/', { UF_NAME: values.name, UF_PHONE: values.phone, UF_EMAIL: values.email, UF_EVENT: event.id })
      onDone()
    } catch (error) {
      const fieldErrors = error instanceof AjaxCallError && error.status === 400 ? serverFieldErrors(error.body) : {}
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors)
      else setFailure(error instanceof AjaxCallError && error.status < 500 ? error.message : B2B_MESSAGES.failed)
    } finally {
      setSending(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-webinar-form={event.id}>
      <p className="text-sm text-ink-600">
        {event.name}, {event.activeTo}
      </p>
      <ContactFields values={values} errors={errors} onChange={(f, v) => setValues((s) => ({ ...s, [f]: v }))} />
      <button type="submit" disabled={sending} className="h-12 rounded-xl bg-brand-500 font-semibold text-white hover:bg-brand-600 disabled:opacity-60">
        Зарегистрироваться
      </button>
      {failure && (
        <p className="text-sale-500" role="alert" data-b2b-error>
          {failure}
        </p>
      )}
    </form>
  )
}
