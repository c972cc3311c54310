import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { auditLog, b2bEvents } from '@/db/schema'
import { loadUpcomingEvents, registerForEvent } from '@/domains/b2b/b2b.server'
import { WEBINAR_MESSAGES } from '@/domains/webinars/webinars-admin.schema'
import type { RegistrationView, WebinarView } from '@/domains/webinars/webinars-admin.schema'
import { ADMIN_MESSAGES } from '../endpoint'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import {
  createWebinarEndpoint,
  exportWebinarRegistrationsEndpoint,
  listWebinarsEndpoint,
  updateWebinarEndpoint,
  webinarRegistrationsEndpoint,
} from './webinars'

/** Webinars through /api/admin/ (issue 20, ADR 202): the B2B calendar after each change, registrations and their CSV. */

type Auth = { cookie: string }
const as: Record<'owner' | 'content' | 'manager' | 'warehouse', Auth> = {} as never
type Refused = { error: string; errors: { field: string; message: string }[] }

beforeAll(async () => {
  for (const role of ['owner', 'content', 'manager', 'warehouse'] as const)
    as[role] = { cookie: (await signedInStaff(role)).cookie }
})

async function call<T = WebinarView>(
  endpoint: Parameters<typeof callEndpoint>[0],
  auth: Auth,
  options: { id?: number; body?: unknown } = {},
) {
  const response = await callEndpoint(endpoint, auth, {
    params: options.id === undefined ? undefined : { id: String(options.id) },
    body: options.body,
  })
  return { status: response.status, body: (await response.json()) as T }
}

const soon = new Date(Date.now() + 7 * 24 * 3600_000)
soon.setUTCSeconds(0, 0)

describe('webinars through /api/admin/', () => {
  it('creates an unpublished webinar the calendar does not show; publishing shows it; unpublishing hides it and closes registration', async () => {
    const created = await call(createWebinarEndpoint, as.content, {
      body: {
        code: 'vitamin-d-2026',
        name: 'Витамин D зимой',
        startsAt: soon.toISOString(),
        speaker: 'Анна Петрова, диетолог',
        link: 'https://webinar.example.ru/d',
      },
    })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({
      published: false,
      speaker: 'Анна Петрова, диетолог',
      registrations: 0,
      startsAt: soon.toISOString(),
    })
    expect((await loadUpcomingEvents()).map((e) => e.name)).not.toContain('Витамин D зимой')

    await call(updateWebinarEndpoint, as.content, { id: created.body.id, body: { published: true } })
    expect((await loadUpcomingEvents()).map((e) => e.name)).toContain('Витамин D зимой')
    await registerForEvent({
      UF_NAME: 'Иван',
      UF_PHONE: '+7 (900) 123-45-67',
      UF_EMAIL: 'ivan@example.ru',
      UF_EVENT: created.body.id,
    })
    await registerForEvent({
      UF_NAME: 'Мария; «Ко»',
      UF_PHONE: '+7 (900) 765-43-21',
      UF_EMAIL: 'maria@example.ru',
      UF_EVENT: created.body.id,
    })

    const renamed = await call(updateWebinarEndpoint, as.content, {
      id: created.body.id,
      body: { name: 'Витамин D зимой и весной' },
    })
    expect(renamed.body.registrations).toBe(2)
    expect((await loadUpcomingEvents()).map((e) => e.name)).toContain('Витамин D зимой и весной')

    await call(updateWebinarEndpoint, as.content, { id: created.body.id, body: { published: false } })
    expect((await loadUpcomingEvents()).map((e) => e.name)).not.toContain('Витамин D зимой и весной')
    await expect(
      registerForEvent({
        UF_NAME: 'Пётр',
        UF_PHONE: '+7 (900) 000-00-00',
        UF_EMAIL: 'petr@example.ru',
        UF_EVENT: created.body.id,
      }),
    ).rejects.toMatchObject({ kind: 'not-found' })

    const audit = await db()
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'webinar'), eq(auditLog.objectId, String(created.body.id))))
      .orderBy(auditLog.id)
    expect(audit.map((a) => a.after)).toEqual([
      expect.objectContaining({ code: 'vitamin-d-2026' }),
      { published: true },
      { name: 'Витамин D зимой и весной' },
      { published: false },
    ])
  })

  it('the calendar cache is really a cache: a write past the editor is not seen until an edit announces the tag', async () => {
    const [event] = await db().select().from(b2bEvents).where(eq(b2bEvents.published, true)).limit(1)
    const shown = (await loadUpcomingEvents()).find((e) => e.id === event!.id)
    await db().update(b2bEvents).set({ name: 'Мимо редактора' }).where(eq(b2bEvents.id, event!.id))
    expect((await loadUpcomingEvents()).find((e) => e.id === event!.id)?.name).toBe(shown?.name)
    await call(updateWebinarEndpoint, as.content, { id: event!.id, body: { name: 'Через редактор' } })
    expect((await loadUpcomingEvents()).find((e) => e.id === event!.id)?.name).toBe(
      shown ? 'Через редактор' : undefined,
    )
  })

  it('lists registrations and exports them as CSV for Excel, to the manager; the content editor may not read them', async () => {
    const list = await call<{ items: WebinarView[] }>(listWebinarsEndpoint, as.manager)
    const webinar = list.body.items.find((w) => w.code === 'vitamin-d-2026')!
    const regs = await call<{ items: RegistrationView[] }>(webinarRegistrationsEndpoint, as.manager, {
      id: webinar.id,
    })
    expect(regs.body.items.map((r) => r.email)).toEqual(['ivan@example.ru', 'maria@example.ru'])

    const response = await callEndpoint(exportWebinarRegistrationsEndpoint, as.manager, {
      params: { id: String(webinar.id) },
    })
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(decodeURIComponent(response.headers.get('content-disposition')!)).toContain(
      'регистрации-vitamin-d-2026.csv',
    )
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = new TextDecoder().decode(bytes).split('\r\n')
    expect(lines[0]).toBe('№;Имя;Телефон;E-mail;Дата регистрации')
    expect(lines[1]).toMatch(/^1;Иван;'\+79001234567;ivan@example\.ru;\d{4}-/)
    expect(lines[2]).toMatch(/^2;"Мария; «Ко»";/)

    expect(
      (
        await callEndpoint(exportWebinarRegistrationsEndpoint, as.content, {
          params: { id: String(webinar.id) },
        })
      ).status,
    ).toBe(403)
    expect((await call(webinarRegistrationsEndpoint, as.warehouse, { id: webinar.id })).status).toBe(403)
  })

  it('refuses bad fields in Russian and the warehouse any change', async () => {
    const bad = await call<Refused>(createWebinarEndpoint, as.content, {
      body: { code: 'x y', name: 'В', startsAt: '01.12.2026 18:00', link: 'http://plain.example.ru' },
    })
    expect(bad.status).toBe(400)
    expect(Object.fromEntries(bad.body.errors.map((e) => [e.field, e.message]))).toMatchObject({
      name: WEBINAR_MESSAGES.name,
      startsAt: WEBINAR_MESSAGES.startsAt,
      link: WEBINAR_MESSAGES.link,
    })
    const refused = await call<Refused>(createWebinarEndpoint, as.warehouse, {
      body: { code: 'w1', name: 'Вебинар склада', startsAt: soon.toISOString() },
    })
    expect(refused).toMatchObject({ status: 403, body: { error: ADMIN_MESSAGES.forbidden } })
  })
})
