import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createSavedViewEndpoint, deleteSavedViewEndpoint, listSavedViewsEndpoint } from '@/admin/api/saved-views'
import { db } from '@/db/client'
import { savedViews } from '@/db/schema/staff'
import { createApiToken } from '@/domains/staff/staff-admin.server'
import { MAX_SAVED_VIEWS } from '@/domains/staff/saved-views.schema'
import { callEndpoint, signedInStaff } from '../support/staff'

type View = { id: number; list: string; name: string; query: string }

async function save(cookie: string, name: string, query: string) {
  return callEndpoint(createSavedViewEndpoint, { cookie }, { body: { list: 'orders', name, query } })
}
async function list(auth: { cookie?: string; bearer?: string }): Promise<View[]> {
  const response = await callEndpoint(listSavedViewsEndpoint, auth, { query: 'list=orders' })
  expect(response.status).toBe(200)
  return ((await response.json()) as { items: View[] }).items
}

describe('saved views of the order list (issue 18)', () => {
  it("keeps each member's views to that member; saving a name again replaces its filter; the page number is not kept", async () => {
    const anna = await signedInStaff('manager')
    const boris = await signedInStaff('warehouse')
    const first = await save(anna.cookie, 'Новые неоплаченные', '?status=new&payment=unpaid&page=3')
    expect(first.status).toBe(200)
    const view = (await first.json()) as View
    expect(view).toMatchObject({ list: 'orders', name: 'Новые неоплаченные', query: 'payment=unpaid&status=new' })
    expect((await save(boris.cookie, 'К отгрузке', 'status=assembling')).status).toBe(200)

    expect((await list({ cookie: anna.cookie })).map((v) => v.name)).toEqual(['Новые неоплаченные'])
    expect((await list({ cookie: boris.cookie })).map((v) => v.name)).toEqual(['К отгрузке'])

    const again = (await (await save(anna.cookie, 'Новые неоплаченные', 'status=new,awaiting_payment&sort=-total')).json()) as View
    expect(again.id).toBe(view.id)
    expect(await list({ cookie: anna.cookie })).toEqual([{ id: view.id, list: 'orders', name: 'Новые неоплаченные', query: 'sort=-total&status=new%2Cawaiting_payment' }])
  })

  it("refuses to delete another member's view (404) and leaves it in place; deletes one's own", async () => {
    const owner = await signedInStaff('owner')
    const other = await signedInStaff('manager')
    const mine = (await (await save(owner.cookie, 'Мои', 'status=paid')).json()) as View
    const before = await db().select().from(savedViews).where(eq(savedViews.id, mine.id))

    const foreign = await callEndpoint(deleteSavedViewEndpoint, { cookie: other.cookie }, { params: { id: String(mine.id) } })
    expect(foreign.status).toBe(404)
    expect(await db().select().from(savedViews).where(eq(savedViews.id, mine.id))).toEqual(before)
    expect((await list({ cookie: owner.cookie })).map((v) => v.id)).toEqual([mine.id])

    const own = await callEndpoint(deleteSavedViewEndpoint, { cookie: owner.cookie }, { params: { id: String(mine.id) } })
    expect(own.status).toBe(200)
    expect(await list({ cookie: owner.cookie })).toEqual([])
    expect((await callEndpoint(deleteSavedViewEndpoint, { cookie: owner.cookie }, { params: { id: String(mine.id) } })).status).toBe(404)
  })

  it('refuses a view without a name, a role without the order list, and a token (which is nobody)', async () => {
    const manager = await signedInStaff('manager')
    expect((await save(manager.cookie, '   ', 'status=new')).status).toBe(400)
    const content = await signedInStaff('content')
    expect((await save(content.cookie, 'Нельзя', 'status=new')).status).toBe(403)

    const ownerActor = { kind: 'staff' as const, id: manager.id, name: 'owner', role: 'owner' as const }
    const token = await createApiToken(ownerActor, { name: 'views', role: 'manager' })
    expect(await list({ bearer: token.secret })).toEqual([])
    const byToken = await callEndpoint(createSavedViewEndpoint, { bearer: token.secret }, { body: { list: 'orders', name: 'Токен', query: 'status=new' } })
    expect(byToken.status).toBe(403)
    expect(await list({ cookie: manager.cookie })).toEqual([])
  })

  it(`keeps at most ${MAX_SAVED_VIEWS} views per member; replacing one still works at the limit`, async () => {
    const member = await signedInStaff('manager')
    for (let i = 1; i <= MAX_SAVED_VIEWS; i++) expect((await save(member.cookie, `Вид ${i}`, `q=${i}`)).status).toBe(200)
    expect((await save(member.cookie, 'Лишний', 'q=x')).status).toBe(409)
    expect((await save(member.cookie, 'Вид 1', 'q=y')).status).toBe(200)
    expect(await list({ cookie: member.cookie })).toHaveLength(MAX_SAVED_VIEWS)
  })
})
