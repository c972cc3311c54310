import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { auditLog, ecoPoints } from '@/db/schema'
import { ECO_MESSAGES, type EcoPointView } from '@/domains/eco/eco-admin.schema'
import { ecoBoxes, ecoCities } from '@/domains/eco/eco.server'
import { EDIT_MESSAGES } from '@/domains/edits/edits'
import { ADMIN_MESSAGES } from '../endpoint'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import { createEcoPointEndpoint, listEcoPointsEndpoint, updateEcoPointEndpoint } from './eco'

/** Eco-box points through /api/admin/ (issue 20, ADR 202), and the eco map after each change. */

type Auth = { cookie: string }
const as: Record<'content' | 'warehouse', Auth> = {} as never
type Refused = { error: string; errors: { field: string; message: string }[] }

beforeAll(async () => {
  for (const role of ['content', 'warehouse'] as const)
    as[role] = { cookie: (await signedInStaff(role)).cookie }
})

async function call<T = EcoPointView>(
  endpoint: Parameters<typeof callEndpoint>[0],
  auth: Auth,
  options: { id?: number; body?: unknown; query?: string } = {},
) {
  const response = await callEndpoint(endpoint, auth, {
    params: options.id === undefined ? undefined : { id: String(options.id) },
    body: options.body,
    query: options.query,
  })
  return { status: response.status, body: (await response.json()) as T }
}

const point = {
  code: 'ptz-1',
  city: 'Петрозаводск',
  name: 'Аптека «Эко»',
  address: 'ул. Баумана, 7',
  fullAddress: 'г. Петрозаводск, ул. Баумана, д. 7',
  workTime: '9:00–21:00',
  lat: 55.7899,
  lon: 49.1144,
}

describe('eco points through /api/admin/', () => {
  it('a new city appears on the map with its point; hiding the point takes both away for a buyer', async () => {
    expect(await ecoCities()).not.toContain('Петрозаводск')
    const created = await call(createEcoPointEndpoint, as.content, { body: point })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ ...point, active: true, phone: '' })
    expect(await ecoCities()).toContain('Петрозаводск')
    expect(await ecoBoxes({ city: 'Петрозаводск' })).toEqual([
      expect.objectContaining({ Name: 'Аптека «Эко»', cX: 55.7899, cY: 49.1144, City: 'Петрозаводск' }),
    ])

    await call(updateEcoPointEndpoint, as.content, {
      id: created.body.id,
      body: { workTime: 'круглосуточно' },
    })
    expect((await ecoBoxes({ city: 'Петрозаводск' }))[0]!.WorkTime).toBe('круглосуточно')

    const hidden = await call(updateEcoPointEndpoint, as.content, {
      id: created.body.id,
      body: { active: false },
    })
    expect(hidden.body.active).toBe(false)
    expect(await ecoBoxes({ city: 'Петрозаводск' })).toEqual([])
    expect(await ecoCities()).not.toContain('Петрозаводск')
    const list = await call<{ items: EcoPointView[] }>(listEcoPointsEndpoint, as.warehouse, {
      query: 'city=Петрозаводск',
    })
    expect(list.body.items).toEqual([expect.objectContaining({ code: 'ptz-1', active: false })])

    const audit = await db()
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'eco_point'), eq(auditLog.objectId, String(created.body.id))))
      .orderBy(auditLog.id)
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update'])
    expect(audit[2]!.after).toEqual({ active: false })
  })

  it('the map cache is really a cache: a write past the editor is not seen until an edit announces the tag', async () => {
    const [row] = await db()
      .select()
      .from(ecoPoints)
      .where(and(eq(ecoPoints.city, 'Москва'), eq(ecoPoints.active, true)))
      .limit(1)
    const shown = (await ecoBoxes({ city: 'Москва' })).find((p) => p.Name === row!.name)
    expect(shown).toBeDefined()
    await db().update(ecoPoints).set({ name: 'Мимо редактора' }).where(eq(ecoPoints.id, row!.id))
    expect((await ecoBoxes({ city: 'Москва' })).map((p) => p.Name)).toContain(row!.name)
    await call(updateEcoPointEndpoint, as.content, { id: row!.id, body: { name: 'Через редактор' } })
    expect((await ecoBoxes({ city: 'Москва' })).map((p) => p.Name)).toContain('Через редактор')
  })

  it('refuses bad fields in Russian and the warehouse any change', async () => {
    const bad = await call<Refused>(createEcoPointEndpoint, as.content, {
      body: { ...point, code: 'ptz-1', city: '', lat: 'север' },
    })
    expect(bad.status).toBe(400)
    expect(Object.fromEntries(bad.body.errors.map((e) => [e.field, e.message]))).toEqual({
      city: ECO_MESSAGES.city,
      lat: EDIT_MESSAGES.lat,
    })
    const taken = await call<Refused>(createEcoPointEndpoint, as.content, { body: point })
    expect(taken.body.errors).toEqual([{ field: 'code', message: EDIT_MESSAGES.codeTaken }])
    const refused = await call<Refused>(createEcoPointEndpoint, as.warehouse, {
      body: { ...point, code: 'ptz-2' },
    })
    expect(refused).toMatchObject({ status: 403, body: { error: ADMIN_MESSAGES.forbidden } })
  })
})
