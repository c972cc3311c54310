import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { POST as fastOrderPost } from '@/app/ajax/fast-order/route'
import { POST as getAddressPost } from '@/app/ajax/get-address/route'
import { POST as registerMePost } from '@/app/ajax/MB-reg_me/route'
import { POST as uloginPost } from '@/app/ajax/ulogin/route'
import { db } from '@/db/client'
import { socialIdentities, users } from '@/db/schema'
import { fakeProvider, uloginProvider } from '@/domains/account/social-login.server'
import { databaseFingerprint } from '../support/db-snapshot'
import { offerWithStock, visitorWithBasket } from '../support/checkout'
import { formPost, newVisitor, type Visitor } from '../support/http'
import { call, follow, registered, uniqueEmail } from './kit'
import { setSocialProvider } from '../support/test-hooks'

/** A local stand-in for uLogin's token.php: answers like the real service does. */
let server: Server
let tokenUrl = ''
beforeAll(async () => {
  server = createServer((req, res) => {
    const token = new URL(req.url ?? '/', 'http://x').searchParams.get('token')
    res.setHeader('content-type', 'application/json')
    if (token === 'good') res.end(JSON.stringify({ network: 'vkontakte', uid: '777', email: 'vk.user@example.ru', verified_email: '1', first_name: 'Иван', last_name: 'Петров' }))
    else res.end(JSON.stringify({ error: 'token expired' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  tokenUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token.php`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
afterEach(() => setSocialProvider(undefined))

/** A guest places a one-click order with `email` and takes the account it makes (MB-reg_me). */
async function guestOrderAutoRegistered(email: string): Promise<Visitor> {
  const offer = await offerWithStock(50)
  const guest = await visitorWithBasket([{ offerId: offer.id, quantity: 1 }])
  const order = await fastOrderPost(
    formPost('/ajax/fast-order/', { UF_NAME: 'Гость', UF_CITY: 'Казань', UF_PHONE: '+7 (912) 000-11-22', UF_EMAIL: email }, guest),
  )
  const { ORDER_ID } = (await order.json()) as { ORDER_ID: number }
  return follow(guest, await call(registerMePost, '/ajax/MB-reg_me/', { orderId: String(ORDER_ID) }, guest))
}

const ulogin = (uToken: string, visitor = newVisitor()) => call(uloginPost, '/ajax/ulogin/', { uToken }, visitor)

describe('POST /ajax/ulogin/', () => {
  it('is refused while social login is not configured', async () => {
    setSocialProvider(null)
    const answer = await ulogin('fake:vk:1:a@example.ru:A')
    expect(answer.status).toBe(404)
  })

  it('a verified new identity gets an account and a session; the same identity later signs into it', async () => {
    setSocialProvider(fakeProvider)
    const email = uniqueEmail('social')
    const visitor = newVisitor()
    const first = await ulogin(`fake:vk:1001:${email}:Иван`, visitor)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ status: 'success' })
    const signedIn = follow(visitor, first)
    expect((await call(getAddressPost, '/ajax/get-address/', {}, signedIn)).status).toBe(200)
    const second = await ulogin(`fake:vk:1001:${email}:Иван`)
    expect(second.status).toBe(200)
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1)
    expect(await db().select().from(socialIdentities).where(eq(socialIdentities.uid, '1001'))).toHaveLength(1)
  })

  it('a bad token changes nothing', async () => {
    setSocialProvider(fakeProvider)
    const before = await databaseFingerprint()
    const answer = await ulogin('forged-token')
    expect(answer.status).toBe(403)
    expect(answer.body.error).toBe('Не удалось войти через социальную сеть.')
    expect(await databaseFingerprint()).toEqual(before)
  })

  it('an unverified e-mail of an existing account does not open that account', async () => {
    const { email } = await registered()
    setSocialProvider({ code: 'test', verify: async () => ({ network: 'ok', uid: '5', email, emailVerified: false, name: 'X' }) })
    const answer = await ulogin('anything')
    expect(answer.status).toBe(403)
  })

  it('ends the sessions of a password-less account made by someone else’s guest order when the owner signs in (takeover)', async () => {
    setSocialProvider(fakeProvider)
    const email = uniqueEmail('victim')
    const attacker = await guestOrderAutoRegistered(email)
    const readAddress = (visitor: Visitor) => call(getAddressPost, '/ajax/get-address/', {}, visitor)
    expect((await readAddress(attacker)).status).toBe(200)

    const owner = newVisitor()
    const answer = await ulogin(`fake:vk:4242:${email}:Владелец`, owner)
    expect(answer.status).toBe(200)
    expect((await readAddress(follow(owner, answer))).status).toBe(200)
    expect((await readAddress(attacker)).status).toBe(403)
  })

  it('the uLogin adapter reads the service’s answer and refuses its errors', async () => {
    setSocialProvider(uloginProvider(tokenUrl))
    const ok = await ulogin('good')
    expect(ok.status).toBe(200)
    const [user] = await db().select().from(users).where(eq(users.email, 'vk.user@example.ru'))
    expect(user?.name).toBe('Иван Петров')
    expect((await ulogin('expired')).status).toBe(403)
  })
})
