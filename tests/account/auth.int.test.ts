import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { POST as authPost } from '@/app/ajax/auth/route'
import { POST as getAddressPost } from '@/app/ajax/get-address/route'
import { POST as logoutPost } from '@/app/ajax/logout/route'
import { POST as registerPost } from '@/app/ajax/register/route'
import { db } from '@/db/client'
import { users } from '@/db/schema'
import { createOrder, orderForViewer } from '@/domains/orders/orders.server'
import { ensureSession, findSession } from '@/domains/session/session.server'
import { SESSID_COOKIE, SESSION_COOKIE } from '@/lib/session'
import { databaseFingerprint } from '../support/db-snapshot'
import { newVisitor } from '../support/http'
import { GOOD_PASSWORD, call, follow, loggedIn, registered, uniqueEmail } from './kit'

const register = (fields: Record<string, string | string[]>, visitor = newVisitor()) => call(registerPost, '/ajax/register/', fields, visitor)

describe('POST /ajax/register/', () => {
  it('creates the account, signs it in and rotates session id and sessid (S2)', async () => {
    const visitor = newVisitor()
    const email = uniqueEmail()
    const answer = await register({ EMAIL: email, PASS: GOOD_PASSWORD, NAME: 'Анна', IS_SUBSCRIBE: 'Y' }, visitor)
    expect(answer.status).toBe(200)
    const newId = answer.cookies.get(SESSION_COOKIE)
    expect(newId).toBeTruthy()
    expect(newId).not.toBe(visitor.sessionId)
    expect(answer.cookies.get(SESSID_COOKIE)).not.toBe(visitor.sessid)
    expect(await findSession(db(), visitor.sessionId)).toBeNull()
    const session = await findSession(db(), newId ?? '')
    const [user] = await db().select().from(users).where(eq(users.email, email))
    expect(session?.userId).toBe(user?.id)
    expect(user?.subscribed).toBe(true)
    expect(user?.passwordHash).toMatch(/^scrypt\$/)
    expect(user?.passwordHash).not.toContain(GOOD_PASSWORD)
  })

  it('stores the e-mail lower-cased and the name without digits and @', async () => {
    const email = uniqueEmail('Mixed.Case')
    await register({ EMAIL: email.toUpperCase(), PASS: GOOD_PASSWORD, NAME: 'Ан1на@ 2' })
    const [user] = await db().select().from(users).where(eq(users.email, email.toLowerCase()))
    expect(user?.name).toBe('Анна')
  })

  it.each([
    ['the name is empty', { NAME: '' }, 'Поле Имя не заполнено'],
    ['the name has only digits and @', { NAME: '12@3' }, 'Поле Имя не заполнено'],
    ['the e-mail is malformed', { EMAIL: 'anna@' }, 'Проверьте правильность ввода e-mail адреса'],
    ['the password is short', { PASS: 'Abc1234' }, 'Пароль должен содержать по меньшей мере 8 символов'],
    ['a character repeats three times in a row', { PASS: 'Paaassword1' }, 'Пароль не должен содержать повторяющиеся символы больше 3 раз'],
    ['the password is overlong', { PASS: 'Ab1'.repeat(100) }, 'Слишком длинное значение.'],
    ['the name is a list', { NAME: undefined, 'NAME[]': ['Анна', 'Борис'] }, 'Поле Имя не заполнено'],
  ] as const)('refuses with 400 when %s, storing nothing', async (_case, override, message) => {
    const before = await databaseFingerprint()
    const fields = Object.fromEntries(
      Object.entries({ EMAIL: uniqueEmail(), PASS: GOOD_PASSWORD, NAME: 'Анна', ...override }).filter(([, v]) => v !== undefined),
    ) as Record<string, string | string[]>
    const answer = await call(registerPost, '/ajax/register/', fields, newVisitor())
    expect(answer.status).toBe(400)
    expect(answer.body.error).toBe(message)
    expect(await databaseFingerprint()).toEqual(before)
  })

  it('accepts two equal characters in a row (the rule is three)', async () => {
    const answer = await register({ EMAIL: uniqueEmail(), PASS: 'Paassword1', NAME: 'Анна' })
    expect(answer.status).toBe(200)
  })

  it('answers the server’s text when the e-mail is taken, whatever its case', async () => {
    const { email } = await registered()
    const answer = await register({ EMAIL: email.toUpperCase(), PASS: GOOD_PASSWORD, NAME: 'Борис' })
    expect(answer.status).toBe(400)
    expect(answer.body.error).toBe('Пользователь с таким e-mail уже зарегистрирован. Войдите или восстановите пароль.')
  })
})

describe('POST /ajax/auth/', () => {
  it('400 "Не введен логин или пароль." when a field is empty', async () => {
    const cases: Record<string, string>[] = [{ LOGIN_OR_EMAIL: '', PASS: 'x' }, { LOGIN_OR_EMAIL: 'a@b.ru', PASS: '' }, {}]
    for (const fields of cases) {
      const answer = await call(authPost, '/ajax/auth/', fields, newVisitor())
      expect(answer.status).toBe(400)
      expect(answer.body.error).toBe('Не введен логин или пароль.')
    }
  })

  it('the same 403 for a wrong password and for an unknown user', async () => {
    const { email } = await registered()
    const wrong = await loggedIn(email, 'not-the-password-1')
    const unknown = await loggedIn(uniqueEmail('nobody'), 'not-the-password-1')
    expect(wrong.answer.status).toBe(403)
    expect(unknown.answer.status).toBe(403)
    expect(wrong.answer.body).toEqual({ error: 'Неверный логин или пароль.' })
    expect(unknown.answer.body).toEqual(wrong.answer.body)
    expect(wrong.answer.cookies.size).toBe(0)
  })

  it('signs in with any case of the e-mail and makes the pre-login session id worthless (S2)', async () => {
    const { email } = await registered()
    const guest = newVisitor()
    const { visitor, answer } = await loggedIn(email.toUpperCase(), GOOD_PASSWORD, guest)
    expect(answer.status).toBe(200)
    expect(visitor.sessionId).not.toBe(guest.sessionId)
    expect(answer.cookies.get(SESSID_COOKIE)).toBe(visitor.sessid)
    expect(await findSession(db(), guest.sessionId)).toBeNull()
    // The fixed (pre-login) id gets nothing of the account; the new one does.
    expect((await call(getAddressPost, '/ajax/get-address/', {}, guest)).status).toBe(403)
    expect((await call(getAddressPost, '/ajax/get-address/', {}, visitor)).status).toBe(200)
  })

  it('an overlong login or password is a wrong login, not an error', async () => {
    for (const [login, pass] of [
      ['a'.repeat(5000) + '@example.ru', GOOD_PASSWORD],
      [uniqueEmail(), 'x'.repeat(5000)],
    ] as const) {
      const { answer } = await loggedIn(login, pass)
      expect(answer.status).toBe(403)
    }
  })
})

describe('S4: password hashing', () => {
  const cyrillic = 'съешьжеещёэтихмягкихфранцузскихбулокдавыпейчаюшировкаэлектрификацияабв'

  it('a 70-letter Cyrillic password works and is not truncated', async () => {
    expect(Array.from(cyrillic)).toHaveLength(70)
    const { email } = await registered({ password: cyrillic })
    expect((await loggedIn(email, cyrillic)).answer.status).toBe(200)
    const lastLetterChanged = `${cyrillic.slice(0, -1)}г`
    expect((await loggedIn(email, lastLetterChanged)).answer.status).toBe(403)
    expect((await loggedIn(email, cyrillic.slice(0, 64))).answer.status).toBe(403)
  })

  it('the same password hashes differently for two accounts (salted)', async () => {
    const a = await registered()
    const b = await registered()
    const rows = await db().select({ hash: users.passwordHash, email: users.email }).from(users)
    const hashA = rows.find((r) => r.email === a.email)?.hash
    const hashB = rows.find((r) => r.email === b.email)?.hash
    expect(hashA).toBeTruthy()
    expect(hashA).not.toBe(hashB)
  })
})

describe('POST /ajax/logout/', () => {
  it('ends the signed-in session: the old id is worthless, the new one is a guest (S2)', async () => {
    const { visitor } = await registered()
    const answer = await call(logoutPost, '/ajax/logout/', {}, visitor)
    expect(answer.status).toBe(200)
    const fresh = follow(visitor, answer)
    expect(fresh.sessionId).not.toBe(visitor.sessionId)
    expect(await findSession(db(), visitor.sessionId)).toBeNull()
    // A new guest session, with no row until it stores something.
    expect(await findSession(db(), fresh.sessionId)).toBeNull()
    expect((await call(getAddressPost, '/ajax/get-address/', {}, visitor)).status).toBe(403)
    expect((await call(getAddressPost, '/ajax/get-address/', {}, fresh)).status).toBe(403)
  })

  it('leaves the earlier orders to their account: neither the next guest nor another account on the browser opens them', async () => {
    const { visitor } = await registered()
    const session = (await findSession(db(), visitor.sessionId))!
    const orderId = await db().transaction((tx) => createOrder(tx, testOrder(session), [testLine], null))
    const viewerOf = async (cookieId: string) => {
      const row = await findSession(db(), cookieId)
      return { sessionId: row?.id ?? null, userId: row?.userId ?? null }
    }
    expect(await orderForViewer(db(), orderId, await viewerOf(visitor.sessionId))).not.toBeNull()

    const guest = follow(visitor, await call(logoutPost, '/ajax/logout/', {}, visitor))
    expect(await orderForViewer(db(), orderId, await viewerOf(guest.sessionId))).toBeNull()
    // The next guest stores something (a row of its own), then signs in to another account.
    await ensureSession(db(), guest.sessionId)
    expect(await orderForViewer(db(), orderId, await viewerOf(guest.sessionId))).toBeNull()
    const other = await registered({}, guest)
    expect(await orderForViewer(db(), orderId, await viewerOf(other.visitor.sessionId))).toBeNull()
  })

  it('starts a new session row, so a guest order placed before signing in is not left to the next person', async () => {
    const visitor = newVisitor()
    const guestRow = await ensureSession(db(), visitor.sessionId)
    const orderId = await db().transaction((tx) => createOrder(tx, testOrder(guestRow), [testLine], null))
    const signedIn = await registered({}, visitor)
    const next = follow(signedIn.visitor, await call(logoutPost, '/ajax/logout/', {}, signedIn.visitor))
    const nextRow = await ensureSession(db(), next.sessionId)
    expect(nextRow.id).not.toBe(guestRow.id)
    expect(await orderForViewer(db(), orderId, { sessionId: nextRow.id, userId: nextRow.userId })).toBeNull()
  })

  it('an account’s order is not shown to a session of another account, even the one that placed it', async () => {
    const first = await registered()
    const session = (await findSession(db(), first.visitor.sessionId))!
    const orderId = await db().transaction((tx) => createOrder(tx, testOrder(session), [testLine], null))
    const [someoneElse] = await db().insert(users).values({ email: uniqueEmail('other'), name: 'Пётр', passwordHash: null }).returning()
    expect(await orderForViewer(db(), orderId, { sessionId: session.id, userId: someoneElse!.id })).toBeNull()
    expect(await orderForViewer(db(), orderId, { sessionId: session.id, userId: session.userId })).not.toBeNull()
  })
})

function testOrder(session: { id: number; userId: number | null }): Parameters<typeof createOrder>[1] {
  return {
    userId: session.userId,
    sessionId: session.id,
    status: 'new',
    paySystemCode: 'cash',
    paySystemName: 'Наличными при получении',
    deliveryId: '1',
    deliveryName: 'Пункты выдачи СДЭК',
    address: 'Москва, ул. Тверская, 7',
    basePrice: 75_000,
    goodsPrice: 75_000,
    total: 75_000,
    paymentToken: `tok${Math.random().toString(36).slice(2)}abcdefghijklmnop`,
  }
}

const testLine = { name: 'Витамин C 500 мг', link: '/catalog/immunitet/vitamin-c/', picture: '/upload/packs/vitamin-c-1.svg', properties: { Фасовка: '60 капсул' }, quantity: 1, basePrice: 75_000, price: 75_000, sum: 75_000 }
