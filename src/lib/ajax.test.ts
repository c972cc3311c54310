import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { formPost, newVisitor } from '../../tests/support/http'
import { ajax, MESSAGES, STATUS_OF_REFUSAL } from './ajax'
import { Refusal, type RefusalKind } from './refusal'

const schema = z.object({ ID: z.array(z.coerce.number().int().positive()).min(1), QUANTITY: z.coerce.number().int().min(1) })
const echo = ajax(schema, async (input) => ({ ok: true, input }))

describe('the /ajax wrapper', () => {
  it('parses bracket names, validates and answers JSON', async () => {
    const visitor = newVisitor()
    const res = await echo(formPost('/ajax/x/', { 'ID[]': ['3', '4'], QUANTITY: '2' }, visitor))
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({ ok: true, input: { ID: [3, 4], QUANTITY: 2 } })
  })

  it('refuses a missing, wrong or foreign sessid with 403 and never runs the handler', async () => {
    let ran = 0
    const handler = ajax(z.object({}), async () => {
      ran++
      return {}
    })
    const visitor = newVisitor()
    const other = newVisitor()
    for (const sessid of [null, 'x'.repeat(32), other.sessid]) {
      const res = await handler(formPost('/ajax/x/', {}, visitor, { sessid }))
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ error: MESSAGES.badSessid })
    }
    const noCookie = await handler(formPost('/ajax/x/', { sessid: visitor.sessid }))
    expect(noCookie.status).toBe(403)
    expect(ran).toBe(0)
  })

  it('answers 400 with a Russian message for invalid input', async () => {
    const res = await echo(formPost('/ajax/x/', { 'ID[]': ['-1'], QUANTITY: '1.5' }, newVisitor()))
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: string; errors: unknown[] }
    expect(body.error).toMatch(/[а-я]/i)
    expect(body.errors.length).toBeGreaterThan(0)
  })

  it('answers 413 for a body over the limit without reading it all', async () => {
    const small = ajax(z.object({}), async () => ({}), { maxBytes: 100 })
    const res = await small(formPost('/ajax/x/', { big: 'я'.repeat(500) }, newVisitor()))
    expect(res.status).toBe(413)
  })

  it('lets a call choose its own answer to a bad sessid', async () => {
    const custom = ajax(z.object({}), async () => ({}), {
      onBadSessid: (message) => ({ status: 200, body: { order: null, error: message } }),
    })
    const res = await custom(formPost('/ajax/x/', {}, newVisitor(), { sessid: null }))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ order: null, error: MESSAGES.badSessid })
  })

  it('maps every refusal kind to its status, with the body the use-case gives', async () => {
    const expected: Record<RefusalKind, number> = { invalid: 400, forbidden: 403, 'not-found': 404, conflict: 409, 'too-large': 413, limited: 429 }
    expect(STATUS_OF_REFUSAL).toEqual(expected)
    const shaped = ajax(z.object({}), async () => {
      throw new Refusal('forbidden', 'Нет', { status: 'error', message: 'Нет' })
    })
    const res = await shaped(formPost('/ajax/x/', {}, newVisitor()))
    expect([res.status, await res.json()]).toEqual([403, { status: 'error', message: 'Нет' }])
  })

  it('maps a refusal to its status and body, and hides unexpected errors behind a 500 message', async () => {
    const refusing = ajax(z.object({}), async () => {
      throw new Refusal('conflict', 'Уже есть')
    })
    const res = await refusing(formPost('/ajax/x/', {}, newVisitor()))
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ error: 'Уже есть' })
  })

  it('reads multipart bodies with files', async () => {
    const upload = ajax(z.object({ FILES: z.array(z.instanceof(File)) }), async (input) => ({
      names: input.FILES.map((f) => f.name),
    }))
    const file = new File([new Uint8Array([1, 2, 3])], 'photo.png', { type: 'image/png' })
    const res = await upload(formPost('/ajax/x/', { 'FILES[0]': file }, newVisitor()))
    expect(await res.json()).toEqual({ names: ['photo.png'] })
  })

  it('never answers 5xx to a broken body', async () => {
    const visitor = newVisitor()
    const broken = new Request('http://localhost/ajax/x/', {
      method: 'POST',
      headers: { cookie: visitor.cookie, 'content-type': 'multipart/form-data; boundary=zzz' },
      body: '--zzz\r\nbroken',
    })
    const res = await echo(broken)
    expect(res.status).toBeLessThan(500)
  })
})
