import { readFileSync, readdirSync, existsSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Page, type TestInfo } from '@playwright/test'

/**
 * The account as a buyer uses it: register, log out, log in, edit the profile and addresses, change
 * the password, recover a forgotten password through the mail written to var/mail/.
 */
const MAIL_DIR = path.join(process.cwd(), process.env.VAR_DIR ?? 'var/e2e', 'mail')
const PASSWORD = 'Zelenyi-chai-42'

function emailFor(info: TestInfo, tag: string): string {
  return `e2e.${tag}.${info.project.name}.${Date.now().toString(36)}@example.ru`.toLowerCase()
}

async function register(page: Page, email: string, name = 'Анна') {
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
async function hydrated(page: Page) {
  await expect(page.getByRole('main').getByRole('button', { name: /^(Сохранить|Войти|Зарегистрироваться|Восстановить пароль|Сохранить пароль)$/ }).first()).toBeEnabled()
}

async function login(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Вход' })
  await hydrated(page)
  await form.getByLabel('E-mail', { exact: true }).fill(email)
  await form.getByLabel('Пароль', { exact: true }).fill(password)
  await form.getByRole('button', { name: 'Войти' }).click()
}

async function logout(page: Page) {
  await page.getByRole('navigation', { name: 'Разделы личного кабинета' }).getByRole('button', { name: 'Выйти' }).click()
  await expect(page.getByRole('heading', { name: 'Вход и регистрация' })).toBeVisible()
  await hydrated(page)
}

/** The text part of the newest .eml to `email`, transfer encoding (base64 or quoted-printable) undone. */
function mailTo(email: string): string | null {
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

const CHECKOUT = '/local/components/bitrix/sale.order.ajax/ajax.php'

/** The page's sessid, as its scripts read it from the cookie. */
async function sessidOf(page: Page): Promise<string> {
  const cookies = await page.context().cookies()
  return decodeURIComponent(cookies.find((c) => c.name === 'vm_sessid')?.value ?? '')
}

interface CheckoutState {
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
async function orderToPayByCard(page: Page, email: string): Promise<string> {
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

test.describe('account', () => {
  // Each test comes from its own client address, so the per-IP registration limit of one test (S11)
  // does not spill into the next.
  test.beforeEach(async ({ page }) => {
    const octet = () => 1 + Math.floor(Math.random() * 250)
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` })
  })

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

  test('order history: guests are sent to sign in, a new account sees an empty history', async ({ page }, info) => {
    await page.goto('/personal/orderHistory/')
    await expect(page.getByRole('heading', { name: 'Вход и регистрация' })).toBeVisible()
    await login(page, emailFor(info, 'nobody'), PASSWORD)
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Неверный логин или пароль.')
    await register(page, emailFor(info, 'history'))
    await page.getByRole('link', { name: 'История заказов' }).first().click()
    await expect(page.getByRole('heading', { name: 'История заказов' })).toBeVisible()
    await expect(page.getByText('Заказов пока нет.')).toBeVisible()
  })

  test('order history: an unpaid card order is paid from the history; the back office then adds its number and track', async ({ page }, info) => {
    const email = emailFor(info, 'pay')
    await register(page, email)
    const number = await orderToPayByCard(page, email)

    await page.goto('/personal/orderHistory/')
    const order = page.locator(`details[data-order="${number}"]`)
    await expect(order.locator('summary')).toContainText(`Заказ № ${number}`)
    await expect(order.locator('summary')).toContainText('Ожидает оплаты')
    await order.locator('summary').click()
    await expect(order).toHaveJSProperty('open', true)
    await expect(order).toContainText('Банковской картой')
    await order.getByRole('link', { name: 'Оплатить' }).click()

    await expect(page).toHaveURL(/\/payment\/sandbox\/\?token=[A-Za-z0-9_-]{20,}$/)
    await expect(page.getByTestId('sandbox')).toContainText(`Заказ №${number}`)
    await page.getByTestId('sandbox').getByRole('button', { name: /^Оплатить/ }).click()
    await expect(page).toHaveURL(new RegExp(`/personal/order/\\?ORDER_ID=${number}$`))

    await page.goto('/personal/orderHistory/')
    await expect(order.locator('summary')).toContainText('Оплачен')
    await order.locator('summary').click()
    await expect(order).toHaveJSProperty('open', true)
    await expect(order.getByRole('link', { name: 'Оплатить' })).toHaveCount(0)

    // The back office's exchange: the buyer's own cookies are no credential, the shop's token is.
    const api = `/api/admin/orders/${number}/fulfilment/`
    expect((await page.request.post(api, { data: { trackNumber: '1234567890' } })).status()).toBe(401)
    const set = await page.request.post(api, {
      headers: { authorization: `Bearer ${process.env.ADMIN_API_TOKEN ?? ''}` },
      data: { fitoId: 'ФТ-000123', trackNumber: '1234567890', status: 'assembling' },
    })
    expect(set.status(), await set.text()).toBe(200)
    await page.reload()
    await expect(order.locator('summary')).toContainText('Собирается')
    await expect(order.locator('summary')).toContainText('ФТ-000123')
    await order.locator('summary').click()
    await expect(order.getByRole('link', { name: '1234567890' })).toHaveAttribute('href', 'https://www.cdek.ru/ru/tracking?order_id=1234567890')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(1)
  })

  test('order history: repeat an order into the basket, then cancel it from the order page (ADR 100)', async ({ page }, info) => {
    const email = emailFor(info, 'repeat')
    await register(page, email)
    const number = await orderToPayByCard(page, email)
    const headerCount = page.locator('header [data-slot="header-cart"] [data-cart-count]')

    await page.goto('/personal/orderHistory/')
    const order = page.locator(`details[data-order="${number}"]`)
    await order.locator('summary').click()
    await expect(order).toHaveJSProperty('open', true)
    // The order emptied the basket: the badge shows nothing until the repeat puts the line back.
    await expect(headerCount).toHaveCount(0)
    await order.getByRole('button', { name: 'Повторить заказ' }).click()
    const ask = page.getByRole('dialog', { name: 'Повторить заказ?' })
    await expect(ask).toContainText(`Товары из заказа №${number} будут добавлены в корзину по текущим ценам`)
    await ask.getByRole('button', { name: 'Добавить в корзину' }).click()
    const done = page.getByRole('dialog', { name: 'Заказ повторён' })
    await expect(done).toContainText('Товары добавлены в корзину. В корзине действуют текущие цены.')
    await expect(headerCount).toHaveText('1')
    await done.getByRole('link', { name: 'Перейти в корзину' }).click()
    await expect(page).toHaveURL(/\/personal\/cart\/$/)
    await expect(headerCount).toHaveText('1')

    await page.goto(`/personal/order/?ORDER_ID=${number}`)
    await expect(page.getByTestId('order-status')).toHaveText('Ожидает оплаты')
    await page.getByRole('button', { name: 'Отменить заказ' }).click()
    const cancel = page.getByRole('dialog', { name: 'Отменить заказ?' })
    await expect(cancel).toContainText(`Заказ №${number} будет отменён`)
    // Changing one's mind changes nothing.
    await cancel.getByRole('button', { name: 'Не отменять' }).click()
    await expect(page.getByTestId('order-status')).toHaveText('Ожидает оплаты')
    await page.getByRole('button', { name: 'Отменить заказ' }).click()
    await cancel.getByRole('button', { name: 'Да, отменить заказ' }).click()
    await expect(page.getByTestId('order-status')).toHaveText('Отменён')
    await expect(page.getByRole('button', { name: 'Отменить заказ' })).toHaveCount(0)
    await expect(page.getByRole('main').getByRole('link', { name: 'Оплатить' })).toHaveCount(0)

    await page.goto('/personal/orderHistory/')
    await expect(order.locator('summary')).toContainText('Отменён')
    await expect.poll(() => mailTo(email), { timeout: 15_000 }).toContain(`Заказ №${number} отменён.`)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(1)
  })

  test('profile: delete the account after confirming with the password (ADR 100)', async ({ page }, info) => {
    const email = emailFor(info, 'delete')
    await register(page, email)
    await page.getByRole('button', { name: 'Удалить аккаунт' }).click()
    const dialog = page.getByRole('dialog', { name: 'Удалить аккаунт?' })
    await expect(dialog).toContainText('Оформленные заказы останутся в учёте магазина без имени и контактов.')
    await dialog.getByRole('button', { name: 'Отмена' }).click()
    await expect(dialog).toBeHidden()

    await page.getByRole('button', { name: 'Удалить аккаунт' }).click()
    await dialog.getByRole('button', { name: 'Удалить навсегда' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('Введите пароль, чтобы подтвердить удаление.')
    await dialog.getByLabel('Пароль', { exact: true }).fill('Ne-tot-parol-7')
    await dialog.getByRole('button', { name: 'Удалить навсегда' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('Пароль указан неверно.')
    await dialog.getByLabel('Пароль', { exact: true }).fill(PASSWORD)
    await dialog.getByRole('button', { name: 'Удалить навсегда' }).click()
    const gone = page.getByRole('dialog', { name: 'Аккаунт удалён' })
    await expect(gone.getByRole('status')).toHaveText('Аккаунт удалён. Ваши личные данные стёрты.')
    await gone.getByRole('button', { name: 'Готово' }).click()

    // Signed out, and the account no longer exists.
    await expect(page.getByRole('heading', { name: 'Вход и регистрация' })).toBeVisible()
    await login(page, email, PASSWORD)
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Неверный логин или пароль.')
  })

  test('pages fit the screen without sideways scroll', async ({ page }) => {
    for (const url of ['/personal/', '/auth/register/', '/personal/?forgot_password=yes']) {
      await page.goto(url)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, url).toBeLessThanOrEqual(1)
    }
  })
})
