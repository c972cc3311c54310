import { readFileSync, readdirSync, existsSync } from 'node:fs'
import path from 'node:path'
import { expect, type Page, type TestInfo } from './test'

/** What the account's browser tests share: a registered buyer, sign-in, the mails in var/mail/, a card order. */
export const MAIL_DIR = path.join(process.cwd(), process.env.VAR_DIR ?? 'var/e2e', 'mail')
export const PASSWORD = 'Zelenyi-chai-42'

export function emailFor(info: TestInfo, tag: string): string {
  return `e2e.${tag}.${info.project.name}.${Date.now().toString(36)}@example.ru`.toLowerCase()
}

export async function register(page: Page, email: string, name = 'Анна') {
  await page.goto('/auth/register/')
  const form = page.getByRole('form', { name: 'Регистрация' })
  await expect(form.getByRole('button', { name: 'Зарегистрироваться' })).toBeEnabled()
  await form.getByLabel('Имя').fill(name)
  await form.getByLabel('E-mail', { exact: true }).fill(email)
  await form.getByLabel('Пароль', { exact: true }).fill(PASSWORD)
  await form.getByLabel('Подтверждение пароля').fill(PASSWORD)
  await form.getByRole('button', { name: 'Зарегистрироваться' }).click()
  await expect(page.getByRole('heading', { name: 'Личные данные' })).toBeVisible()
  await hydrated(page)
}

/** Typing before React has hydrated would be undone by it: the forms enable their buttons when ready. */
export async function hydrated(page: Page) {
  await expect(page.getByRole('main').getByRole('button', { name: /^(Сохранить|Войти|Зарегистрироваться|Восстановить пароль|Сохранить пароль)$/ }).first()).toBeEnabled()
}

export async function login(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Вход' })
  await hydrated(page)
  await form.getByLabel('E-mail', { exact: true }).fill(email)
  await form.getByLabel('Пароль', { exact: true }).fill(password)
  await form.getByRole('button', { name: 'Войти' }).click()
}

export async function logout(page: Page) {
  await page.getByRole('navigation', { name: 'Разделы личного кабинета' }).getByRole('button', { name: 'Выйти' }).click()
  await expect(page.getByRole('heading', { name: 'Вход и регистрация' })).toBeVisible()
  await hydrated(page)
}

/** The text part of the newest .eml to `email`, transfer encoding (base64 or quoted-printable) undone. */
export function mailTo(email: string): string | null {
  if (!existsSync(MAIL_DIR)) return null
  const raw = readdirSync(MAIL_DIR)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readFileSync(path.join(MAIL_DIR, f), 'utf8'))
    .filter((t) => t.toLowerCase().includes(`to: ${email}`))
    .at(-1)
  if (!raw) return null
  const part = raw.split(/\r?\n--/).find((p) => /content-type: text\/plain/i.test(p)) ?? raw
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/)
  const body = rest.join('\n\n').replace(/\r?\n--[^\n]*--\s*$/, '')
  if (/transfer-encoding: base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (/transfer-encoding: quoted-printable/i.test(head)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

export const CHECKOUT = '/local/components/bitrix/sale.order.ajax/ajax.php'

/** The page's sessid, as its scripts read it from the cookie. */
export async function sessidOf(page: Page): Promise<string> {
  const cookies = await page.context().cookies()
  return decodeURIComponent(cookies.find((c) => c.name === 'vm_sessid')?.value ?? '')
}

export interface CheckoutState {
  order: {
    ORDER_PROP: { properties: { ID: string; CODE: string | null }[] }
    DELIVERY: Record<string, { ID: string; NAME: string }>
    PAY_SYSTEM: { ID: string; CODE: string }[]
  } | null
}

/**
 * An order to a СДЭК point, to be paid by card, placed with the page's cookies through the calls the
 * checkout page makes (basket, refresh for the ids, the carrier's points, save). Returns its number.
 */
export async function orderToPayByCard(page: Page, email: string): Promise<string> {
  const sessid = await sessidOf(page)
  const added = await page.request.post('/ajax/basket/', { form: { ACTION: 'Add', ID: '1', QUANTITY: '1', sessid } })
  expect(added.ok()).toBe(true)
  const base = { sessid, SITE_ID: 's2', via_ajax: 'Y', 'order[PERSON_TYPE]': '1', 'order[location_type]': 'code' }
  const refreshed = (await (await page.request.post(CHECKOUT, { form: { ...base, action: 'refreshOrderAjax' } })).json()) as CheckoutState
  const state = refreshed.order
  expect(state).not.toBeNull()
  const sdek = Object.values(state?.DELIVERY ?? {}).find((d) => /СДЭК/.test(d.NAME))
  const card = state?.PAY_SYSTEM.find((p) => p.CODE === 'card')
  expect(sdek && card).toBeTruthy()
  const points = (await (await page.request.post('/ajax/sdek/', { form: { town: 'moskva', sessid } })).json()) as Record<string, unknown>
  const values: Record<string, string> = {
    PROP_NAME: 'Анна',
    PROP_LASTNAME: 'Иванова',
    PROP_EMAIL: email,
    PROP_PHONE: '+7 (912) 345-67-89',
    LOCATION: 'moskva',
    MICRO_SOURCE: 'pvz',
    MICRO_TYPE: 'PVZ',
    MICRO_HANDLER: 'sdek',
    MICRO_POINT_ID: Object.keys(points)[0] ?? '',
  }
  const form: Record<string, string> = {
    ...base,
    action: 'saveOrderAjax',
    'order[PROFILE_ID]': '0',
    'order[DELIVERY_ID]': sdek?.ID ?? '',
    'order[PAY_SYSTEM_ID]': card?.ID ?? '',
  }
  for (const prop of state?.ORDER_PROP.properties ?? []) {
    const value = prop.CODE ? values[prop.CODE] : undefined
    if (value !== undefined) form[`order[ORDER_PROP_${prop.ID}]`] = value
  }
  const saved = (await (await page.request.post(CHECKOUT, { form })).json()) as { order: { ID?: string | number; ERROR?: unknown } }
  expect(saved.order.ERROR, JSON.stringify(saved.order.ERROR)).toBeUndefined()
  return String(saved.order.ID)
}

/** Each test comes from its own client address, so the per-IP registration limit of one test (S11) does not spill into the next. */
export async function ownClientAddress(page: Page): Promise<void> {
  const octet = () => 1 + Math.floor(Math.random() * 250)
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` })
}
