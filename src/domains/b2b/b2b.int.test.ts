import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { POST as programme } from '@/app/ajax/b2bprogram/route'
import { POST as event } from '@/app/ajax/b2bevent/route'
import { db } from '@/db/client'
import { b2bEventRegistrations, b2bEvents, b2bRequests, outbox } from '@/db/schema'
import { SHOP } from '@/domains/layout/shop'
import { setClockForTests } from '@/lib/clock'
import { formPost, newVisitor } from '../../../tests/support/http'
import { loadUpcomingEvents } from './b2b.server'

afterEach(() => setClockForTests(null))

const good = {
  UF_NAME: 'Ирина Петрова',
  UF_PHONE: '+7 (912) 345-67-89',
  UF_EMAIL: 'hr@firma.ru',
  UF_COMPANY: 'ООО «Фирма»',
  UF_POSITION: 'HR-директор',
  UF_QUANTITY: 'до 500',
}

const shopMails = async () => (await db().select().from(outbox)).filter((m) => (m.payload as { to: string }).to === SHOP.email)

describe('POST /ajax/b2bprogram/', () => {
  it('stores the request and mails it to the shop', async () => {
    const before = (await shopMails()).length
    const res = await programme(formPost('/ajax/b2bprogram/', { ...good, 'UF_INTERESTS[]': ['corporate-health', 'webinars'] }, newVisitor()))
    expect(res.status).toBe(200)
    const { id } = (await res.json()) as { id: number }
    const [row] = await db().select().from(b2bRequests).where(eq(b2bRequests.id, id))
    expect(row).toMatchObject({ name: 'Ирина Петрова', phone: '+79123456789', quantity: 'до 500', interests: ['corporate-health', 'webinars'] })
    const mails = await shopMails()
    expect(mails).toHaveLength(before + 1)
    expect(JSON.stringify(mails.at(-1)?.payload)).toContain('Корпоративное здоровье')
  })

  it('answers the spec messages for missing and malformed fields and writes nothing', async () => {
    const count = async () => (await db().select().from(b2bRequests)).length
    const before = await count()
    const cases: [Record<string, string | string[]>, string][] = [
      [{ ...good, UF_NAME: '', 'UF_INTERESTS[]': ['gifts'] }, 'Обязательное поле'],
      [{ ...good, UF_PHONE: '123', 'UF_INTERESTS[]': ['gifts'] }, 'Номер некорректен'],
      [{ ...good, UF_EMAIL: 'hr@', 'UF_INTERESTS[]': ['gifts'] }, 'Email некорректен'],
      [{ ...good }, 'Пожалуйста, отметьте хотя бы один интерес.'],
      [{ ...good, UF_QUANTITY: '42', 'UF_INTERESTS[]': ['gifts'] }, ''],
      [{ ...good, 'UF_INTERESTS[]': ['unknown'] }, 'Неизвестная программа'],
    ]
    for (const [fields, message] of cases) {
      const res = await programme(formPost('/ajax/b2bprogram/', fields, newVisitor()))
      expect(res.status).toBe(400)
      if (message) expect(((await res.json()) as { error: string }).error).toBe(message)
    }
    expect(await count()).toBe(before)
  })
})

describe('POST /ajax/b2bevent/', () => {
  const firstEvent = async () => {
    const [row] = await db().select().from(b2bEvents).orderBy(b2bEvents.startsAt).limit(1)
    if (!row) throw new Error('no events seeded')
    return row
  }

  it('registers once per e-mail and mails the shop once', async () => {
    const ev = await firstEvent()
    setClockForTests(() => new Date(ev.startsAt.getTime() - 86_400_000))
    const fields = { UF_NAME: 'Олег', UF_PHONE: '89001234567', UF_EMAIL: 'Oleg@Firma.ru', UF_EVENT: ev.id }
    expect((await event(formPost('/ajax/b2bevent/', fields, newVisitor()))).status).toBe(200)
    expect((await event(formPost('/ajax/b2bevent/', fields, newVisitor()))).status).toBe(200)
    const seats = await db().select().from(b2bEventRegistrations).where(eq(b2bEventRegistrations.eventId, ev.id))
    expect(seats.map((s) => s.email)).toEqual(['oleg@firma.ru'])
    expect((await shopMails()).filter((m) => JSON.stringify(m.payload).includes('oleg@firma.ru'))).toHaveLength(1)
  })

  it('refuses bad contacts, an unknown webinar and a webinar that has started', async () => {
    const ev = await firstEvent()
    setClockForTests(() => new Date(ev.startsAt.getTime() - 86_400_000))
    const bad = await event(formPost('/ajax/b2bevent/', { UF_NAME: '', UF_PHONE: '1', UF_EMAIL: 'x', UF_EVENT: ev.id }, newVisitor()))
    expect(bad.status).toBe(400)
    const errors = ((await bad.json()) as { errors: { field: string; message: string }[] }).errors
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'UF_NAME', message: 'Обязательное поле' },
        { field: 'UF_PHONE', message: 'Номер некорректен' },
        { field: 'UF_EMAIL', message: 'Email некорректен' },
      ]),
    )
    const contact = { UF_NAME: 'Анна', UF_PHONE: '+79001234567', UF_EMAIL: 'anna@firma.ru' }
    expect((await event(formPost('/ajax/b2bevent/', { ...contact, UF_EVENT: 999999 }, newVisitor()))).status).toBe(404)
    setClockForTests(() => new Date(ev.startsAt.getTime() + 60_000))
    const late = await event(formPost('/ajax/b2bevent/', { ...contact, UF_EVENT: ev.id }, newVisitor()))
    expect(late.status).toBe(400)
    expect(((await late.json()) as { error: string }).error).toBe('Регистрация на этот вебинар закрыта')
  })

  it('drops started webinars from the calendar', async () => {
    const ev = await firstEvent()
    setClockForTests(() => new Date(ev.startsAt.getTime() - 1000))
    const before = await loadUpcomingEvents()
    expect(before[0]?.id).toBe(ev.id)
    setClockForTests(() => new Date(ev.startsAt.getTime() + 1000))
    expect((await loadUpcomingEvents()).map((e) => e.id)).not.toContain(ev.id)
  })
})
