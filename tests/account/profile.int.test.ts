import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { POST as changeLkPost } from '@/app/ajax/change-lk/route'
import { POST as getAddressPost } from '@/app/ajax/get-address/route'
import { POST as getSubscribedPost } from '@/app/ajax/get-subscribed/route'
import { POST as subscribeLkPost } from '@/app/ajax/subscribelk/route'
import { db } from '@/db/client'
import { users } from '@/db/schema'
import { databaseFingerprint } from '../support/db-snapshot'
import { newVisitor, type Visitor } from '../support/http'
import { call, registered } from './kit'
import { setClock } from '../support/test-hooks'

afterEach(() => setClock(null))

const save = (visitor: Visitor, fields: Record<string, string>) => call(changeLkPost, '/ajax/change-lk/', fields, visitor)

async function profileOf(email: string) {
  const [row] = await db().select().from(users).where(eq(users.email, email))
  if (!row) throw new Error('no such user')
  return row
}

function form(email: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NAME: 'Анна',
    EMAIL: email,
    PERSONAL_PHONE: '+7 (912) 345-67-89',
    BIRTHDATE: '1990-05-17',
    ADDRESSES: JSON.stringify(['Москва, ул. Ленина, 1']),
    SUBSCRIBED: 'N',
    ...extra,
  }
}

describe('POST /ajax/change-lk/', () => {
  it('saves name, e-mail, phone, birth date, addresses and subscription: "Данные успешно изменены"', async () => {
    const { visitor, email } = await registered()
    const answer = await save(
      visitor,
      form(email, { NAME: 'Мария 2', PERSONAL_PHONE: '89123456789', BIRTHDATE: '17.05.1990', ADDRESSES: JSON.stringify(['Дом', ' ', 'Работа']), SUBSCRIBED: 'Y' }),
    )
    expect(answer.status).toBe(200)
    expect(answer.body.message).toBe('Данные успешно изменены')
    const row = await profileOf(email)
    expect(row).toMatchObject({ name: 'Мария', phone: '+7 (912) 345-67-89', birthday: '1990-05-17', birthdayChangeCount: 1, subscribed: true })
    const addresses = await call(getAddressPost, '/ajax/get-address/', {}, visitor)
    expect(addresses.body).toEqual({ addresses: ['Дом', 'Работа'] })
  })

  it.each([
    ['the name is empty after stripping digits', { NAME: '123' }, 'Поле Имя должно быть заполнено!'],
    ['the e-mail is malformed', { EMAIL: 'anna@mail' }, 'Проверьте правильность ввода e-mail адреса'],
    ['the phone has too few digits', { PERSONAL_PHONE: '+7 (912) 345' }, 'Введите телефон в формате +7 (xxx) xxx-xx-xx'],
    ['the birth date is not a date', { BIRTHDATE: '31.02.1990' }, 'Проверьте дату рождения'],
    ['a fourth address is sent', { ADDRESSES: JSON.stringify(['1', '2', '3', '4']) }, 'Можно сохранить не более 3 адресов доставки.'],
    ['the addresses are not a JSON list', { ADDRESSES: '{"a":1}' }, 'Не удалось прочитать список адресов.'],
    ['an address is overlong', { ADDRESSES: JSON.stringify(['x'.repeat(501)]) }, 'Адрес слишком длинный.'],
    ['the name is overlong', { NAME: 'Я'.repeat(150) }, 'Слишком длинное значение.'],
  ])('400 when %s, nothing stored', async (_case, extra, message) => {
    const { visitor, email } = await registered()
    const before = await databaseFingerprint()
    const answer = await save(visitor, form(email, extra))
    expect(answer.status).toBe(400)
    expect(answer.body.error).toBe(message)
    expect(await databaseFingerprint()).toEqual(before)
  })

  it('refuses a birth date later than today (by the clock), accepts today', async () => {
    setClock(() => new Date('2026-06-10T12:00:00Z'))
    const { visitor, email } = await registered()
    const future = await save(visitor, form(email, { BIRTHDATE: '2026-06-11' }))
    expect(future.status).toBe(400)
    expect(future.body.error).toBe('Дата рождения не может быть позже сегодняшнего дня')
    expect((await save(visitor, form(email, { BIRTHDATE: '2026-06-10' }))).status).toBe(200)
  })

  it('locks the birth date after two changes, pointing to the contact centre; other fields still save', async () => {
    const { visitor, email } = await registered()
    expect((await save(visitor, form(email, { BIRTHDATE: '1990-01-01' }))).status).toBe(200)
    expect((await save(visitor, form(email, { BIRTHDATE: '1991-01-01' }))).status).toBe(200)
    const third = await save(visitor, form(email, { BIRTHDATE: '1992-01-01' }))
    expect(third.status).toBe(403)
    expect(third.body.error).toBe('Дату рождения можно изменить только через контакт-центр: 8 800 200-52-52.')
    expect((await profileOf(email)).birthday).toBe('1991-01-01')
    const same = await save(visitor, form(email, { BIRTHDATE: '01.01.1991', NAME: 'Анна Петровна' }))
    expect(same.status).toBe(200)
    expect(await profileOf(email)).toMatchObject({ name: 'Анна Петровна', birthdayChangeCount: 2 })
  })

  it('refuses an e-mail that belongs to another account', async () => {
    const other = await registered()
    const { visitor, email } = await registered()
    const answer = await save(visitor, form(email, { EMAIL: other.email.toUpperCase() }))
    expect(answer.status).toBe(400)
    expect(answer.body.error).toBe('Этот e-mail уже используется другим пользователем.')
  })

  it('403 for a guest', async () => {
    const answer = await save(newVisitor(), form('guest@example.ru'))
    expect(answer.status).toBe(403)
    expect(answer.body.error).toBe('Войдите в личный кабинет.')
  })
})

describe('S9: the page’s userId never picks the account', () => {
  it('another user’s id: 404 on every account call, nothing read or stored', async () => {
    const victim = await registered()
    await save(victim.visitor, form(victim.email, { ADDRESSES: JSON.stringify(['Тайный адрес']) }))
    const victimId = (await profileOf(victim.email)).id
    const attacker = await registered()
    const before = await databaseFingerprint()
    const answers = await Promise.all([
      call(getAddressPost, '/ajax/get-address/', { userId: String(victimId) }, attacker.visitor),
      call(getSubscribedPost, '/ajax/get-subscribed/', { userId: String(victimId) }, attacker.visitor),
      call(subscribeLkPost, '/ajax/subscribelk/', { userid: String(victimId), isSubscribed: 'Y', userEmail: victim.email }, attacker.visitor),
      save(attacker.visitor, { ...form(attacker.email), userId: String(victimId) }),
    ])
    for (const answer of answers) {
      expect(answer.status).toBe(404)
      expect(JSON.stringify(answer.body)).not.toContain('Тайный адрес')
    }
    expect(await databaseFingerprint()).toEqual(before)
  })

  it('the own id (or none) reads the session user’s data', async () => {
    const { visitor, email } = await registered()
    const id = (await profileOf(email)).id
    await save(visitor, form(email, { ADDRESSES: JSON.stringify(['Мой адрес']) }))
    expect((await call(getAddressPost, '/ajax/get-address/', { userId: String(id) }, visitor)).body).toEqual({ addresses: ['Мой адрес'] })
    expect((await call(getAddressPost, '/ajax/get-address/', {}, visitor)).body).toEqual({ addresses: ['Мой адрес'] })
  })
})

describe('subscription calls', () => {
  it('subscribelk sets the state the page sends; get-subscribed reads it back', async () => {
    const { visitor, email } = await registered()
    const get = () => call(getSubscribedPost, '/ajax/get-subscribed/', {}, visitor)
    expect((await get()).body).toEqual({ subscribed: 'N' })
    const on = await call(subscribeLkPost, '/ajax/subscribelk/', { isSubscribed: 'Y', userEmail: 'someone-else@example.ru' }, visitor)
    expect(on.body).toEqual({ subscribed: 'Y' })
    expect((await get()).body).toEqual({ subscribed: 'Y' })
    expect((await profileOf(email)).subscribed).toBe(true)
    await call(subscribeLkPost, '/ajax/subscribelk/', { isSubscribed: 'N' }, visitor)
    expect((await get()).body).toEqual({ subscribed: 'N' })
  })
})
