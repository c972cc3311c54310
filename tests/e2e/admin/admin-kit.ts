import { randomUUID } from 'node:crypto'
import { expect, request, type APIRequestContext, type Browser, type Page } from '../test'
import type { StaffRole } from '../../../src/domains/staff/permissions'

/** The development seed's owner (README). */
export const OWNER = { email: 'owner@example.ru', password: 'owner-demo-2026' }

/** Signs in through the login page, the way a staff member does. */
export async function signIn(page: Page, account: { email: string; password: string }, next = '/admin/'): Promise<void> {
  await page.goto(`/admin/login/?next=${encodeURIComponent(next)}`)
  await page.getByLabel('E-mail').fill(account.email)
  await page.getByLabel('Пароль').fill(account.password)
  await page.getByRole('button', { name: 'Войти' }).click()
  await page.waitForURL((url) => url.pathname === next)
}

/** A new manager, signed in on an order's page of the server at `base`, at the back office's 1024 px. */
export async function managerOnOrder(browser: Browser, base: string, orderId: string): Promise<Page> {
  const api = await request.newContext({ baseURL: base })
  const manager = await newStaff(api, 'manager')
  await api.dispose()
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1024, height: 768 } })
  const page = await context.newPage()
  await signIn(page, manager, `/admin/orders/${orderId}/`)
  return page
}

/**
 * A new staff member of the role, made as the owner would: invited through the API, the one-time
 * link opened, a password set.
 */
export async function newStaff(request: APIRequestContext, role: StaffRole): Promise<{ email: string; password: string }> {
  const origin = new URL(await baseUrl(request)).origin
  const headers = { origin }
  expect((await request.post('/api/admin/session/', { data: OWNER, headers })).ok()).toBe(true)
  const email = `${role}-${randomUUID().slice(0, 8)}@staff.test`
  const invited = await request.post('/api/admin/staff/', { data: { email, name: `Сотрудник ${role}`, role }, headers })
  expect(invited.ok(), await invited.text()).toBe(true)
  const token = new URL(((await invited.json()) as { link: string }).link).searchParams.get('token')
  const password = `pass-${randomUUID()}`
  expect((await request.post('/api/admin/password/', { data: { token, password }, headers })).ok()).toBe(true)
  await request.delete('/api/admin/session/', { headers })
  return { email, password }
}

async function baseUrl(request: APIRequestContext): Promise<string> {
  const response = await request.get('/healthz/')
  return response.url()
}
