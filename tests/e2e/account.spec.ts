import { expect, test } from './test'
import { PASSWORD, emailFor, hydrated, login, logout, mailTo, ownClientAddress, register } from './account-kit'

/**
 * The account as a buyer uses it: register, log out, log in, edit the profile and addresses, change
 * the password, recover a forgotten password through the mail written to var/mail/.
 */
test.describe('account', () => {
  test.beforeEach(async ({ page }) => ownClientAddress(page))

  test('register, log out, log in; the login form checks input and says why it refuses', async ({ page }, info) => {
    const email = emailFor(info, 'login')
    await page.goto('/personal/')
    await expect(page.getByRole('heading', { name: 'Вход и регистрация' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Забыли пароль?' })).toHaveAttribute('href', '/personal/?forgot_password=yes')

    // Registration rules before anything is sent.
    await page.getByRole('main').getByRole('link', { name: 'Зарегистрироваться' }).first().click()
    const form = page.getByRole('form', { name: 'Регистрация' })
    await hydrated(page)
    await form.getByLabel('Имя').fill('Ан1на@')
    await expect(form.getByLabel('Имя')).toHaveValue('Анна')
    await form.getByLabel('E-mail', { exact: true }).fill(email)
    await form.getByLabel('Пароль', { exact: true }).fill('Paaassword1')
    await form.getByLabel('Подтверждение пароля').fill('Paaassword1')
    await form.getByRole('button', { name: 'Зарегистрироваться' }).click()
    await expect(form.getByText('Пароль не должен содержать повторяющиеся символы больше 3 раз')).toBeVisible()
    await form.getByLabel('Пароль', { exact: true }).fill(PASSWORD)
    await form.getByRole('button', { name: 'Зарегистрироваться' }).click()
    await expect(form.getByText('Пароли не совпадают')).toBeVisible()

    await register(page, email)
    await expect(page.getByRole('form', { name: 'Личные данные' }).getByLabel('E-mail', { exact: true })).toHaveValue(email)
    await logout(page)

    // Client-side rules, then the server's 403.
    await login(page, 'not-an-email', PASSWORD)
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Проверьте правильность ввода e-mail адреса')
    await login(page, email, 'short')
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Пароль должен содержать по меньшей мере 8 символов')
    await login(page, email, 'Wrong-password-1')
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Неверный логин или пароль.')

    // The show-password toggle.
    const pass = page.getByRole('form', { name: 'Вход' }).getByLabel('Пароль', { exact: true })
    await expect(pass).toHaveAttribute('type', 'password')
    await page.getByRole('button', { name: 'Показать пароль' }).click()
    await expect(pass).toHaveAttribute('type', 'text')

    await login(page, email, PASSWORD)
    await expect(page.getByRole('heading', { name: 'Личные данные' })).toBeVisible()
    const response = await page.goto('/personal/')
    expect(response?.headers()['cache-control']).toContain('no-store')
  })

  test('edit the profile and addresses, change the password', async ({ page }, info) => {
    const email = emailFor(info, 'profile')
    await register(page, email)
    const profile = page.getByRole('form', { name: 'Личные данные' })

    await profile.getByLabel('Имя', { exact: true }).fill('Мария')
    await profile.getByLabel('Телефон').fill('9123456789')
    await expect(profile.getByLabel('Телефон')).toHaveValue('+7 (912) 345-67-89')
    await profile.getByLabel('Дата рождения').fill('1990-05-17')

    // One empty row, no add link until it is filled; at most three rows.
    await expect(profile.getByRole('button', { name: '+ Добавить адрес' })).toHaveCount(0)
    await profile.getByLabel('Адрес доставки 1').fill('Москва, ул. Ленина, 1')
    await profile.getByRole('button', { name: '+ Добавить адрес' }).click()
    await profile.getByLabel('Адрес доставки 2').fill('Москва, Тверская, 7')
    await profile.getByRole('button', { name: '+ Добавить адрес' }).click()
    await profile.getByLabel('Адрес доставки 3').fill('Химки, Школьная, 3')
    await expect(profile.getByRole('button', { name: '+ Добавить адрес' })).toHaveCount(0)
    await profile.getByRole('button', { name: 'Удалить адрес' }).nth(1).click()
    await expect(profile.getByLabel('Адрес доставки 3')).toHaveCount(0)

    // The subscription link switches at once.
    await profile.getByRole('button', { name: 'Подписаться' }).click()
    await expect(profile.getByRole('button', { name: 'Отписаться' })).toBeVisible()

    await profile.getByRole('button', { name: 'Сохранить' }).click()
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Данные успешно изменены')

    await page.reload()
    await hydrated(page)
    await expect(profile.getByLabel('Имя', { exact: true })).toHaveValue('Мария')
    await expect(profile.getByLabel('Телефон')).toHaveValue('+7 (912) 345-67-89')
    await expect(profile.getByLabel('Дата рождения')).toHaveValue('1990-05-17')
    await expect(profile.getByLabel('Адрес доставки 1')).toHaveValue('Москва, ул. Ленина, 1')
    await expect(profile.getByLabel('Адрес доставки 2')).toHaveValue('Москва, Тверская, 7')
    await expect(profile.getByRole('button', { name: 'Отписаться' })).toBeVisible()

    // A second change of the birth date locks it.
    await profile.getByLabel('Дата рождения').fill('1990-05-18')
    await profile.getByRole('button', { name: 'Сохранить' }).click()
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Данные успешно изменены')
    await page.reload()
    await hydrated(page)
    await expect(profile.getByLabel('Дата рождения')).toBeDisabled()
    await expect(profile.getByText('Дату рождения можно изменить только через контакт-центр')).toBeVisible()

    // Change the password.
    await page.getByRole('link', { name: 'Смена пароля' }).click()
    const change = page.getByRole('form', { name: 'Смена пароля' })
    await hydrated(page)
    await change.getByLabel('Текущий пароль').fill(PASSWORD)
    await change.getByLabel('Новый пароль', { exact: true }).fill('Novyi-parol-7')
    await change.getByLabel('Повторите новый пароль').fill('Novyi-parol-8')
    await change.getByRole('button', { name: 'Сохранить' }).click()
    await expect(change.getByRole('alert')).toHaveText('Новые пароли не совпадают!')
    await change.getByLabel('Повторите новый пароль').fill('Novyi-parol-7')
    await change.getByRole('button', { name: 'Сохранить' }).click()
    await expect(change.getByRole('status')).toHaveText('Пароль успешно изменен')

    await logout(page)
    await login(page, email, PASSWORD)
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Неверный логин или пароль.')
    await login(page, email, 'Novyi-parol-7')
    await expect(page.getByRole('heading', { name: 'Личные данные' })).toBeVisible()
  })

  test('recover a forgotten password through the mailed link', async ({ page }, info) => {
    const email = emailFor(info, 'recover')
    await register(page, email)
    await logout(page)

    await page.getByRole('link', { name: 'Забыли пароль?' }).click()
    await expect(page.getByRole('heading', { name: 'Восстановление пароля' })).toBeVisible()
    await hydrated(page)
    await page.getByRole('form', { name: 'Восстановление пароля' }).getByLabel('E-mail', { exact: true }).fill(email)
    await page.getByRole('button', { name: 'Восстановить пароль' }).click()
    await expect(page.getByRole('main').getByRole('status')).toContainText('мы отправили на него ссылку')

    let mail: string | null = null
    await expect.poll(() => (mail = mailTo(email)), { timeout: 15_000 }).not.toBeNull()
    const link = /https?:\/\/[^\s"<]+\/personal\/\?change_password=yes&token=[A-Za-z0-9_-]+/.exec(mail ?? '')?.[0]
    expect(link).toBeTruthy()
    const url = new URL(link ?? '')
    await page.goto(`${url.pathname}${url.search}`)
    await hydrated(page)

    const reset = page.getByRole('form', { name: 'Задать новый пароль' })
    await reset.getByLabel('Новый пароль', { exact: true }).fill('Vosstanovlen-5')
    await reset.getByLabel('Повторите пароль', { exact: true }).fill('Vosstanovlen-5')
    await page.getByRole('button', { name: 'Сохранить пароль' }).click()
    await expect(page.getByRole('heading', { name: 'Личные данные' })).toBeVisible({ timeout: 10_000 })

    // The link worked once.
    await page.goto(`${url.pathname}${url.search}`)
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Ссылка недействительна или устарела')

    await page.goto('/personal/')
    await logout(page)
    await login(page, email, 'Vosstanovlen-5')
    await expect(page.getByRole('heading', { name: 'Личные данные' })).toBeVisible()
  })

  test('a guest who wanted to review comes back to the reviews after signing in', async ({ page }, info) => {
    const email = emailFor(info, 'review')
    await register(page, email)
    await logout(page)
    await page.goto(`/personal/?RETURN-TO-COMMENT=Y&BACK_URL=${encodeURIComponent('/about/cookie/#reviews')}`)
    await expect(page.getByRole('main').getByRole('link', { name: 'Зарегистрироваться' }).first()).toHaveAttribute(
      'href',
      /\/auth\/register\/\?RETURN-TO-COMMENT=Y&BACK_URL=%2Fabout%2Fcookie%2F%23reviews/,
    )
    await login(page, email, PASSWORD)
    await expect(page).toHaveURL(/\/about\/cookie\/#reviews$/)
  })

  test('pages fit the screen without sideways scroll', async ({ page }) => {
    for (const url of ['/personal/', '/auth/register/', '/personal/?forgot_password=yes']) {
      await page.goto(url)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, url).toBeLessThanOrEqual(1)
    }
  })
})
