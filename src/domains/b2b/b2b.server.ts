import 'server-only'
import { db } from '@/db/client'
import { leadsEmail } from '@/domains/layout/shop.server'
import { enqueueMail } from '@/domains/mail/mail.server'
import { Refusal } from '@/lib/refusal'
import { cached } from '@/lib/cache'
import { now } from '@/lib/clock'
import { phoneDigits } from '@/lib/phone'
import { B2B_MESSAGES, formatEventDate, isEventOpen, webinarConfirmation } from './b2b'
import type { B2bEventInput, B2bProgramInput } from './b2b.schema'
import { insertRegistration, insertRequest, selectEvent, selectEvents, selectProgrammes, selectProgrammesByCode } from './b2b.db'

export interface B2bProgramme {
  code: string
  name: string
  color: string
  options: string[]
}

export interface B2bEvent {
  id: number
  name: string
  /** ACTIVE_TO as the spec shows it: 'dd.mm.yyyy hh:mm'. */
  activeTo: string
  startsAt: string
  previewText: string
  programme: string
}

export function loadProgrammes(): Promise<B2bProgramme[]> {
  return cached('b2b:programmes', { tags: ['b2b'] }, async () =>
    (await selectProgrammes(db())).map((p) => ({ code: p.code, name: p.name, color: p.color, options: p.options })),
  )
}

/** Upcoming webinars, soonest first (past ones drop out of the calendar). */
export async function loadUpcomingEvents(): Promise<B2bEvent[]> {
  const all = await cached('b2b:events', { tags: ['b2b'] }, () => selectEvents(db()))
  const at = now()
  return all
    .filter((e) => isEventOpen(e.startsAt, at))
    .map((e) => ({
      id: e.id,
      name: e.name,
      activeTo: formatEventDate(e.startsAt),
      startsAt: e.startsAt.toISOString(),
      previewText: e.previewText,
      programme: e.programme,
    }))
}

/** POST /ajax/b2bprogram/: stored and mailed to the shop's leads address in one transaction (outbox). */
export async function requestProgramme(input: B2bProgramInput): Promise<{ success: true; id: number }> {
  const codes = [...new Set(input.UF_INTERESTS)]
  const programmes = await selectProgrammesByCode(db(), codes)
  if (programmes.length !== codes.length) throw new Refusal('invalid', 'Неизвестная программа')
  const names = codes.map((c) => programmes.find((p) => p.code === c)?.name ?? c)
  const phone = `+${phoneDigits(input.UF_PHONE)}`
  const to = await leadsEmail()
  const id = await db().transaction(async (tx) => {
    const requestId = await insertRequest(tx, {
      name: input.UF_NAME,
      phone,
      email: input.UF_EMAIL.toLowerCase(),
      company: input.UF_COMPANY,
      position: input.UF_POSITION,
      quantity: input.UF_QUANTITY,
      interests: codes,
    })
    await enqueueMail(tx, {
      to,
      subject: `Заявка B2B №${requestId}: ${input.UF_COMPANY || input.UF_NAME}`,
      text: [
        `Имя: ${input.UF_NAME}`,
        `Телефон: ${phone}`,
        `E-mail: ${input.UF_EMAIL}`,
        `Компания: ${input.UF_COMPANY || '—'}`,
        `Должность: ${input.UF_POSITION || '—'}`,
        `Количество сотрудников: ${input.UF_QUANTITY || '—'}`,
        `Интересы: ${names.join(', ')}`,
      ].join('\n'),
      dedupeKey: `b2b-request:${requestId}`,
    })
    return requestId
  })
  return { success: true, id }
}

/**
 * POST /ajax/b2bevent/: one seat per e-mail and webinar; for a new seat the shop's leads address is
 * mailed and the registrant gets the date and the link (ADR 112).
 */
export async function registerForEvent(input: B2bEventInput): Promise<{ success: true }> {
  const event = await selectEvent(db(), input.UF_EVENT)
  if (!event) throw new Refusal('not-found', B2B_MESSAGES.eventUnknown)
  if (!isEventOpen(event.startsAt, now())) throw new Refusal('invalid', B2B_MESSAGES.eventClosed)
  const email = input.UF_EMAIL.toLowerCase()
  const phone = `+${phoneDigits(input.UF_PHONE)}`
  const to = await leadsEmail()
  await db().transaction(async (tx) => {
    const added = await insertRegistration(tx, { eventId: event.id, name: input.UF_NAME, phone, email })
    if (!added) return
    await enqueueMail(tx, {
      to,
      subject: `Регистрация на вебинар «${event.name}»`,
      text: [
        `Вебинар: ${event.name} (${formatEventDate(event.startsAt)})`,
        `Имя: ${input.UF_NAME}`,
        `Телефон: ${phone}`,
        `E-mail: ${email}`,
        event.link ? '' : 'Ссылка на трансляцию не указана: отправьте её участнику до начала.',
      ]
        .filter(Boolean)
        .join('\n'),
      dedupeKey: `b2b-event:${event.id}:${email}`,
    })
    await enqueueMail(tx, { to: email, ...webinarConfirmation(event, input.UF_NAME), dedupeKey: `b2b-event-confirm:${event.id}:${email}` })
  })
  return { success: true }
}
