import { expect, test } from '../test'
import { can, STAFF_ROLES } from '../../../src/domains/staff/permissions'
import { ADMIN_NAV } from '../../../src/admin/ui/nav'
import { newStaff, OWNER, signIn } from './admin-kit'

/** Every back-office page with every role: its sections in the menu, 403 for the rest (issue 18). */
const PAGES = [...ADMIN_NAV, { href: '/admin/profile/', label: 'Мой профиль', permission: 'profile.manage' as const }]

test('a visitor without a session is sent to the login page and back after it', async ({ page }) => {
  await page.goto('/admin/audit/')
  await expect(page).toHaveURL(/\/admin\/login\/\?next=%2Fadmin%2Faudit%2F/)
  await expect(page.getByRole('heading', { name: 'Вход в панель управления' })).toBeVisible()
  await page.getByLabel('E-mail').fill(OWNER.email)
  await page.getByLabel('Пароль').fill('not-the-password')
  await page.getByRole('button', { name: 'Войти' }).click()
  await expect(page.locator('form').getByRole('alert')).toHaveText('Неверный e-mail или пароль.')
  await page.getByLabel('Пароль').fill(OWNER.password)
  await page.getByRole('button', { name: 'Войти' }).click()
  await expect(page.getByRole('heading', { name: 'Журнал изменений' })).toBeVisible()
  const cookie = (await page.context().cookies()).find((c) => c.name === 'admin_session')
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' })
})

for (const role of STAFF_ROLES) {
  test(`${role}: the menu shows its sections, every other page answers 403`, async ({ page }) => {
    // It opens every back-office page in turn: a budget per page, not one page's default.
    test.setTimeout(20_000 + PAGES.length * 4_000)
    await signIn(page, role === 'owner' ? OWNER : await newStaff(page.request, role))
    const menu = page.getByRole('navigation', { name: 'Разделы' })
    for (const item of ADMIN_NAV) {
      await expect(menu.getByRole('link', { name: item.label, exact: true })).toHaveCount(can(role, item.permission) ? 1 : 0)
    }
    for (const item of PAGES) {
      const response = await page.goto(item.href)
      expect(response?.status(), `${role} ${item.href}`).toBe(can(role, item.permission) ? 200 : 403)
      if (!can(role, item.permission)) await expect(page.getByRole('heading', { name: 'Недостаточно прав' })).toBeVisible()
    }
  })
}
