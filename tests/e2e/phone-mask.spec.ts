import { expect, test, type Locator, type Page } from './test'

/**
 * Every phone field of the shop edits the same way (one PhoneInput, one rule): a buyer can delete a
 * whole number with Backspace, select and delete it, and paste a number in any usual spelling.
 */
const FULL = '+7 (999) 123-45-67'

/** React must own the field before keys go in: a key typed earlier would be undone by hydration. */
async function ready(input: Locator) {
  await expect(async () => {
    await input.fill('')
    await input.pressSequentially('9')
    await expect(input).toHaveValue('+7 (9', { timeout: 1000 })
  }).toPass()
  await input.fill('')
}

const caret = (input: Locator) => input.evaluate((el: HTMLInputElement) => el.selectionStart)

async function paste(page: Page, input: Locator, text: string) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text)
  await input.press('ControlOrMeta+v')
}

/** The whole routine on one field. */
async function exercise(page: Page, input: Locator) {
  await ready(input)
  await input.pressSequentially('89991234567')
  await expect(input).toHaveValue(FULL)

  // Backspace one press at a time: each press takes one digit, the brackets and dashes never hold it.
  const seen: string[] = []
  for (let press = 0; press < 10; press++) {
    await input.press('Backspace')
    seen.push(await input.inputValue())
  }
  expect(seen).toEqual([
    '+7 (999) 123-45-6',
    '+7 (999) 123-45',
    '+7 (999) 123-4',
    '+7 (999) 123',
    '+7 (999) 12',
    '+7 (999) 1',
    '+7 (999)',
    '+7 (99',
    '+7 (9',
    '',
  ])

  // A digit in the middle: Backspace and retype without the caret running to the end.
  await input.pressSequentially('9991234567')
  for (let i = 0; i < 3; i++) await input.press('ArrowLeft')
  await input.press('Backspace')
  await expect(input).toHaveValue('+7 (999) 123-46-7')
  await input.press('5')
  await expect(input).toHaveValue(FULL)
  expect(await caret(input)).toBe(FULL.indexOf('5') + 1)

  // Select everything and delete it.
  await input.press('ControlOrMeta+a')
  await input.press('Backspace')
  await expect(input).toHaveValue('')

  // Paste the usual spellings, into an empty field and over a selected number.
  for (const text of ['+7 (999) 123-45-67', '89991234567', '9991234567']) {
    await input.fill('')
    await paste(page, input, text)
    await expect(input).toHaveValue(FULL)
    await input.press('ControlOrMeta+a')
    await paste(page, input, text.replace('999', '912'))
    await expect(input).toHaveValue('+7 (912) 123-45-67')
  }
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
})

async function sessid(page: Page): Promise<string> {
  const cookies = await page.context().cookies()
  return decodeURIComponent(cookies.find((c) => c.name === 'vm_sessid')?.value ?? '')
}

async function fillBasket(page: Page) {
  await page.goto('/')
  const res = await page.request.post('/ajax/basket/', { form: { ACTION: 'Add', ID: '1', QUANTITY: '1', sessid: await sessid(page) } })
  expect(res.ok()).toBe(true)
}

test.describe('phone fields', () => {
  test('contact form', async ({ page }) => {
    await page.goto('/about/contacts/')
    await exercise(page, page.getByRole('form', { name: 'Связаться с нами' }).getByLabel('Телефон'))
  })

  test('B2B programme request', async ({ page }) => {
    await page.goto('/b2b/')
    await exercise(page, page.locator('[data-b2b-form] input[name="UF_PHONE"]'))
  })

  test('profile', async ({ page }, info) => {
    await page.goto('/auth/register/')
    const form = page.getByRole('form', { name: 'Регистрация' })
    await expect(form.getByRole('button', { name: 'Зарегистрироваться' })).toBeEnabled()
    await form.getByLabel('Имя').fill('Анна')
    await form.getByLabel('E-mail', { exact: true }).fill(`e2e.phone.${info.project.name}.${Date.now().toString(36)}@example.ru`.toLowerCase())
    await form.getByLabel('Пароль', { exact: true }).fill('Zelenyi-chai-42')
    await form.getByLabel('Подтверждение пароля').fill('Zelenyi-chai-42')
    await form.getByRole('button', { name: 'Зарегистрироваться' }).click()
    await exercise(page, page.getByRole('form', { name: 'Личные данные' }).getByLabel('Телефон'))
  })

  test('checkout contacts', async ({ page }) => {
    await fillBasket(page)
    await page.goto('/personal/order/')
    await expect(page.getByRole('radio', { name: /Пункты выдачи СДЭК/ })).toBeVisible()
    await exercise(page, page.getByTestId('checkout-left').locator('input[name="PROP_PHONE"]'))
  })

  test('one-click order', async ({ page }) => {
    await fillBasket(page)
    await page.goto('/personal/cart/')
    await page.getByRole('button', { name: 'Купить в 1 клик' }).click()
    await exercise(page, page.getByRole('dialog', { name: 'Купить в 1 клик' }).getByLabel('Контактный телефон'))
  })
})
