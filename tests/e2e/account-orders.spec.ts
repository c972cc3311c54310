import { expect, test } from './test'
import { PASSWORD, emailFor, login, mailTo, orderToPayByCard, ownClientAddress, register } from './account-kit'

/** The buyer's orders in the account: history, paying from it, repeat, cancel, and deleting the account. */
test.describe('account orders', () => {
  test.beforeEach(async ({ page }) => ownClientAddress(page))

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
})
