import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { POST as changePasswordPost } from '@/app/ajax/change-lk-password/route'
import { POST as forgotPost } from '@/app/ajax/forgot-password/route'
import { POST as getAddressPost } from '@/app/ajax/get-address/route'
import { POST as resetPost } from '@/app/ajax/reset-password/route'
import { db } from '@/db/client'
import { outbox, users } from '@/db/schema'
import { databaseFingerprint } from '../support/db-snapshot'
import { newVisitor } from '../support/http'
import { GOOD_PASSWORD, call, follow, loggedIn, registered, uniqueEmail } from './kit'
import { setClock } from '../support/test-hooks'

afterEach(() => setClock(null))

const change = (visitor: ReturnType<typeof newVisitor>, oldPassword: string, newPassword: string) =>
  call(changePasswordPost, '/ajax/change-lk-password/', { oldPassword, newPassword }, visitor)

describe('POST /ajax/change-lk-password/', () => {
  it.each([
    ['a field is empty', '', 'Novyi-parol-1', 'Все поля с паролем должны быть заполнены!'],
    ['a password is short', GOOD_PASSWORD, 'short1', 'Пароль должен содержать по меньшей мере 8 символов!'],
    ['new equals old', GOOD_PASSWORD, GOOD_PASSWORD, 'Старый и новый пароль совпадают!'],
  ])('400 when %s', async (_case, oldPassword, newPassword, message) => {
    const { visitor } = await registered()
    const before = await databaseFingerprint()
    const answer = await change(visitor, oldPassword, newPassword)
    expect(answer.status).toBe(400)
    expect(answer.body.error).toBe(message)
    expect(await databaseFingerprint()).toEqual(before)
  })

  it('403 when the current password is wrong (S4: change requires it)', async () => {
    const { visitor, email } = await registered()
    const answer = await change(visitor, 'Not-the-current-1', 'Novyi-parol-1')
    expect(answer.status).toBe(403)
    expect(answer.body.error).toBe('Текущий пароль указан неверно.')
    expect((await loggedIn(email, GOOD_PASSWORD)).answer.status).toBe(200)
  })

  it('"Пароль успешно изменен"; the new password works, the old one not; other sessions end', async () => {
    const { visitor, email } = await registered()
    const elsewhere = (await loggedIn(email, GOOD_PASSWORD)).visitor
    expect((await call(getAddressPost, '/ajax/get-address/', {}, elsewhere)).status).toBe(200)
    const answer = await change(visitor, GOOD_PASSWORD, 'Novyi-parol-1')
    expect(answer.status).toBe(200)
    expect(answer.body.message).toBe('Пароль успешно изменен')
    expect((await call(getAddressPost, '/ajax/get-address/', {}, visitor)).status).toBe(200)
    expect((await call(getAddressPost, '/ajax/get-address/', {}, elsewhere)).status).toBe(403)
    expect((await loggedIn(email, GOOD_PASSWORD)).answer.status).toBe(403)
    expect((await loggedIn(email, 'Novyi-parol-1')).answer.status).toBe(200)
  })

  it('403 for a guest', async () => {
    expect((await change(newVisitor(), GOOD_PASSWORD, 'Novyi-parol-1')).status).toBe(403)
  })
})

async function mailsTo(email: string): Promise<{ subject: string; text: string }[]> {
  const rows = await db()
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(sql`${outbox.payload}->>'to' = ${email}`)
    .orderBy(outbox.id)
  return rows.map((r) => r.payload as { subject: string; text: string })
}

function linkToken(text: string): string {
  const match = /change_password=yes&token=([A-Za-z0-9_-]+)/.exec(text)
  if (!match?.[1]) throw new Error(`no link in: ${text}`)
  return match[1]
}

describe('password recovery', () => {
  it('answers the same for a registered and an unknown e-mail; only the registered one gets a mail', async () => {
    const { email } = await registered()
    const unknown = uniqueEmail('nobody')
    const a = await call(forgotPost, '/ajax/forgot-password/', { EMAIL: email }, newVisitor())
    const b = await call(forgotPost, '/ajax/forgot-password/', { EMAIL: unknown }, newVisitor())
    expect(a.status).toBe(200)
    expect(a.body).toEqual(b.body)
    expect(await mailsTo(email)).toHaveLength(1)
    expect(await mailsTo(unknown)).toHaveLength(0)
  })

  it('a mailed link sets a new password once, signs the visitor in and ends other sessions', async () => {
    const { email, visitor: oldSession } = await registered()
    await call(forgotPost, '/ajax/forgot-password/', { EMAIL: email }, newVisitor())
    const [mail] = await mailsTo(email)
    expect(mail?.text).not.toContain(GOOD_PASSWORD)
    const token = linkToken(mail?.text ?? '')
    const visitor = newVisitor()
    const answer = await call(resetPost, '/ajax/reset-password/', { token, PASS: 'Vosstanovlen-1' }, visitor)
    expect(answer.status).toBe(200)
    const signedIn = follow(visitor, answer)
    expect((await call(getAddressPost, '/ajax/get-address/', {}, signedIn)).status).toBe(200)
    expect((await call(getAddressPost, '/ajax/get-address/', {}, oldSession)).status).toBe(403)
    expect((await loggedIn(email, 'Vosstanovlen-1')).answer.status).toBe(200)
    const again = await call(resetPost, '/ajax/reset-password/', { token, PASS: 'Eshche-odin-1' }, newVisitor())
    expect(again.status).toBe(400)
    expect(again.body.error).toBe('Ссылка недействительна или устарела. Запросите восстановление пароля ещё раз.')
  })

  it('the link expires after an hour (by the clock)', async () => {
    let t = new Date('2026-04-01T08:00:00Z').getTime()
    setClock(() => new Date(t))
    const { email } = await registered()
    await call(forgotPost, '/ajax/forgot-password/', { EMAIL: email }, newVisitor())
    const token = linkToken((await mailsTo(email))[0]?.text ?? '')
    t += 61 * 60 * 1000
    const late = await call(resetPost, '/ajax/reset-password/', { token, PASS: 'Vosstanovlen-1' }, newVisitor())
    expect(late.status).toBe(400)
    expect((await loggedIn(email, GOOD_PASSWORD)).answer.status).toBe(200)
  })

  it('the new password follows the registration rules', async () => {
    const { email } = await registered()
    await call(forgotPost, '/ajax/forgot-password/', { EMAIL: email }, newVisitor())
    const token = linkToken((await mailsTo(email))[0]?.text ?? '')
    const weak = await call(resetPost, '/ajax/reset-password/', { token, PASS: 'aaa-bbb-ccc' }, newVisitor())
    expect(weak.status).toBe(400)
    expect(weak.body.error).toBe('Пароль не должен содержать повторяющиеся символы больше 3 раз')
  })

  it('sends at most 3 recovery mails per e-mail an hour, still with the same answer', async () => {
    const { email } = await registered()
    for (let i = 0; i < 5; i++) {
      const answer = await call(forgotPost, '/ajax/forgot-password/', { EMAIL: email }, newVisitor())
      expect(answer.status).toBe(200)
    }
    expect(await mailsTo(email)).toHaveLength(3)
  })

  it('a guessed token changes nothing', async () => {
    const before = await databaseFingerprint()
    const answer = await call(resetPost, '/ajax/reset-password/', { token: 'x'.repeat(43), PASS: 'Vosstanovlen-1' }, newVisitor())
    expect(answer.status).toBe(400)
    expect(await databaseFingerprint()).toEqual(before)
  })
})

describe('users rows', () => {
  it('never keep a plaintext password', async () => {
    const { email } = await registered()
    const [row] = await db().select().from(users).where(eq(users.email, email))
    expect(JSON.stringify(row)).not.toContain(GOOD_PASSWORD)
  })
})
