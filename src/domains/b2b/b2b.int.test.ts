import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { POST as programme } from '@/app/ajax/b2bprogram/route'
import { POST as event } from '@/app/ajax/b2bevent/route'
import { db } from '@/db/client'
import { b2bEventRegistrations, b2bEvents, b2bRequests, outbox, settings } from '@/db/schema'
import { SHOP_DETAILS_KEY } from '@/domains/layout/shop'
import { forgetShopDetails } from '@/domains/layout/shop.server'
import { env } from '@/lib/env'
import { formPost, newVisitor } from '../../../tests/support/http'
import { loadUpcomingEvents } from './b2b.server'
import { reloadEnv, setClock } from '../../../tests/support/test-hooks'

afterEach(async () => {
  setClock(null)
  vi.unstubAllEnvs()
  reloadEnv()
  await db().delete(settings).where(eq(settings.key, SHOP_DETAILS_KEY))
  forgetShopDetails()
})

const good = {
  UF_NAME: 'Ирина Петрова',
  UF_PHONE: '+7 (912) 345-67-89',
  UF_EMAIL: 'hr@firma.ru',
  UF_COMPANY: 'ООО «Фирма»',
  UF_POSITION: 'HR-директор',
  UF_QUANTITY: 'до 500',
}

type Mail = { to: string; subject: string; text: string }
const mailsTo = async (to: string) => (await db().select().from(outbox)).map((m) => m.payload as Mail).filter((m) => m.to === to)
/** With nothing configured, leads go to the shop inbox (SHOP_EMAIL), where orders and questions go. */
const shopMails = () => mailsTo(env().SHOP_EMAIL)

async function configureLeadsSetting(address: string) {
  await db().insert(settings).values({ key: SHOP_DETAILS_KEY, value: { leadsEmail: address } })
  forgetShopDetails()
}

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
    expect(mails.at(-1)?.text).toContain('Корпоративное здоровье')
  })

  it('goes to the leads address of the shop.details setting, and an environment override beats it', async () => {
    await configureLeadsSetting('sales@vitamarket.example')
    const fields = { ...good, 'UF_INTERESTS[]': ['gifts'] }
    expect((await programme(formPost('/ajax/b2bprogram/', { ...fields, UF_COMPANY: 'ООО «Настройка»' }, newVisitor()))).status).toBe(200)
    expect((await mailsTo('sales@vitamarket.example')).map((m) => m.subject)).toEqual([expect.stringContaining('ООО «Настройка»')])

    vi.stubEnv('SHOP_LEADS_EMAIL', 'b2b@owner.example')
    reloadEnv()
    forgetShopDetails()
    expect((await programme(formPost('/ajax/b2bprogram/', { ...fields, UF_COMPANY: 'ООО «Окружение»' }, newVisitor()))).status).toBe(200)
    expect((await mailsTo('b2b@owner.example')).map((m) => m.subject)).toEqual([expect.stringContaining('ООО «Окружение»')])
    expect(await mailsTo('sales@vitamarket.example')).toHaveLength(1)
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
    setClock(() => new Date(ev.startsAt.getTime() - 86_400_000))
    const fields = { UF_NAME: 'Олег', UF_PHONE: '89001234567', UF_EMAIL: 'Oleg@Firma.ru', UF_EVENT: ev.id }
    expect((await event(formPost('/ajax/b2bevent/', fields, newVisitor()))).status).toBe(200)
    expect((await event(formPost('/ajax/b2bevent/', fields, newVisitor()))).status).toBe(200)
    const seats = await db().select().from(b2bEventRegistrations).where(eq(b2bEventRegistrations.eventId, ev.id))
    expect(seats.map((s) => s.email)).toEqual(['oleg@firma.ru'])
    expect((await shopMails()).filter((m) => m.text.includes('oleg@firma.ru'))).toHaveLength(1)
  })

  it('mails the registrant once with the date in Moscow time and the link, and the shop at its leads address', async () => {
    const ev = await firstEvent()
    expect(ev.link).toMatch(/^https:\/\//)
    setClock(() => new Date(ev.startsAt.getTime() - 86_400_000))
    await configureLeadsSetting('events@vitamarket.example')
    const fields = { UF_NAME: 'Мария', UF_PHONE: '89001112233', UF_EMAIL: 'maria@firma.ru', UF_EVENT: ev.id }
    expect((await event(formPost('/ajax/b2bevent/', fields, newVisitor()))).status).toBe(200)
    expect((await event(formPost('/ajax/b2bevent/', fields, newVisitor()))).status).toBe(200)
    const own = await mailsTo('maria@firma.ru')
    expect(own).toHaveLength(1)
    const moscow = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' }).format(ev.startsAt)
    expect(own[0]?.subject).toBe(`Вы зарегистрированы на вебинар «${ev.name}»`)
    expect(own[0]?.text).toContain(`Начало: ${moscow} `)
    expect(own[0]?.text).toContain(`Ссылка для подключения: ${ev.link}`)
    expect((await mailsTo('events@vitamarket.example')).filter((m) => m.text.includes('maria@firma.ru'))).toHaveLength(1)
  })

  it('refuses bad contacts, an unknown webinar and a webinar that has started', async () => {
    const ev = await firstEvent()
    setClock(() => new Date(ev.startsAt.getTime() - 86_400_000))
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
    setClock(() => new Date(ev.startsAt.getTime() + 60_000))
    const late = await event(formPost('/ajax/b2bevent/', { ...contact, UF_EVENT: ev.id }, newVisitor()))
    expect(late.status).toBe(400)
    expect(((await late.json()) as { error: string }).error).toBe('Регистрация на этот вебинар закрыта')
  })

  it('drops started webinars from the calendar', async () => {
    const ev = await firstEvent()
    setClock(() => new Date(ev.startsAt.getTime() - 1000))
    const before = await loadUpcomingEvents()
    expect(before[0]?.id).toBe(ev.id)
    setClock(() => new Date(ev.startsAt.getTime() + 1000))
    expect((await loadUpcomingEvents()).map((e) => e.id)).not.toContain(ev.id)
  })
})
