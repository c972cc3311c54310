import type { Page } from './test'

/** The development seed's owner (README); review moderation is the back office's inbox (issue 18). */
export const SEED_OWNER = { email: 'owner@example.ru', password: 'owner-demo-2026' }

/** Signs in on the back office's login page, the way a staff member does, and lands on `next`. */
export async function signInAsStaff(page: Page, next = '/admin/inbox/', account = SEED_OWNER): Promise<void> {
  await page.goto(`/admin/login/?next=${encodeURIComponent(next)}`)
  await page.getByLabel('E-mail').fill(account.email)
  await page.getByLabel('Пароль').fill(account.password)
  await page.getByRole('button', { name: 'Войти' }).click()
  await page.waitForURL((url) => url.pathname === next)
}
