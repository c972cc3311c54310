import { expect, test, type Page } from './test'
import { addToBasket, choosePay, choosePickupPoint, field, fillContacts, form, openCheckout, placeOrder, sessid } from './checkout-kit'

/**
 * Checkout journeys as a buyer: guest and signed-in, each payment method (card paid in the sandbox,
 * dolyame, bill, cash), the validation messages, and the one-click fallback form.
 */

/** A promise the test opens by hand: held answers wait on it. */
function gate() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

/** Marks, in the page, each held answer whose body the page's code has read (every call reads text()). */
async function recordHeldAnswersRead(page: Page) {
  await page.addInitScript(() => {
    if (Reflect.get(window, '__heldAnswersRead')) return
    const read: string[] = []
    Reflect.set(window, '__heldAnswersRead', read)
    const text = Response.prototype.text
    Response.prototype.text = function (this: Response) {
      const held = this.headers.get('x-held-answer')
      return text.call(this).then((body) => {
        if (held) read.push(held)
        return body
      })
    }
  })
}

/**
 * Holds the server's answer to the next request that `matches` (the server has already answered; the
 * page just does not see it yet). `sent` resolves when the page has sent it; after `release()`,
 * `handled` resolves once the page's code has read the answer and finished what it does with it.
 */
async function holdNextAnswer(page: Page, url: string, matches: (body: string) => boolean) {
  await recordHeldAnswersRead(page)
  const sent = gate()
  const release = gate()
  const fulfilled = gate()
  const id = `held-${Math.random().toString(36).slice(2)}`
  let taken = false
  await page.route(url, async (route) => {
    if (taken || !matches(route.request().postData() ?? '')) return route.fallback()
    taken = true
    sent.open()
    const response = await route.fetch()
    await release.opened
    await route.fulfill({ response, headers: { ...response.headers(), 'x-held-answer': id } })
    fulfilled.open()
  })
  const handled = fulfilled.opened.then(async () => {
    await page.waitForFunction((held) => (Reflect.get(window, '__heldAnswersRead') as string[]).includes(held), id)
    // What the code does after the read runs in microtasks, and React renders what it dispatched in
    // tasks its scheduler posts on a MessageChannel: two messages through such a queue after the read
    // mean all of it has run. An order of events, not a length of time.
    await page.evaluate(async () => {
      for (let i = 0; i < 2; i++) {
        await new Promise<void>((resolve) => {
          const channel = new MessageChannel()
          channel.port1.onmessage = () => resolve()
          channel.port2.postMessage(null)
        })
      }
    })
  })
  return { sent: sent.opened, release: release.open, handled }
}

const CHECKOUT_URL = '**/sale.order.ajax/ajax.php'
const refreshCall = (body: string) => body.includes('action=refreshOrderAjax')

test.describe('checkout', () => {
  test('is per visitor and not cached', async ({ page }) => {
    await addToBasket(page)
    const res = await page.goto('/personal/order/')
    expect(res?.headers()['cache-control'] ?? '').toContain('no-store')
    await expect(page.getByRole('heading', { name: 'Оформление заказа' })).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(1)
  })

  test('a visit refreshes the order once: the basket arriving at page start is no change of the cart', async ({ page }) => {
    await addToBasket(page)
    await page.clock.install()
    const refreshes: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/sale.order.ajax/') && refreshCall(r.postData() ?? '')) refreshes.push(r.postData() ?? '')
    })
    await openCheckout(page)
    // The server knew the basket: the one-click notice is in the first frame, so nothing below it moves.
    await expect(page.getByTestId('fallback-notice')).toBeVisible()
    await expect(page.locator('header [data-slot="header-cart"] [data-cart-count]')).toBeVisible()
    // Let React run the effects of the basket's arrival, then every timer they may have set (a cart change waits 300 ms).
    await page.evaluate(() => new Promise<void>((resolve) => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => resolve()
      channel.port2.postMessage(null)
    }))
    await page.clock.runFor(2_000)
    // A choice refreshes at once; when its answer is in, every refresh sent before it is counted.
    const chosen = page.waitForResponse((r) => r.url().includes('/sale.order.ajax/') && refreshCall(r.request().postData() ?? ''))
    await page.getByRole('radio', { name: /Пункты выдачи СДЭК/ }).check()
    await chosen
    expect(refreshes).toHaveLength(2)
  })

  test('checks the form with the spec messages', async ({ page }) => {
    await addToBasket(page)
    await openCheckout(page)
    await field(page, 'PROP_NAME').fill('Ан1на@')
    await expect(field(page, 'PROP_NAME')).toHaveValue('Анна')
    await field(page, 'PROP_PHONE').fill('78123456789')
    await expect(page.getByText('Некорректный код оператора')).toBeVisible()
    await field(page, 'PROP_LASTNAME').fill('')
    await choosePickupPoint(page)
    const order = page.getByRole('button', { name: 'Оформить заказ' })
    await order.click()
    await expect(form(page).getByText('Обязательное поле.').first()).toBeVisible()
    await fillContacts(page)
    const alerts: string[] = []
    page.on('dialog', (d) => {
      alerts.push(d.message())
      void d.dismiss()
    })
    await order.click()
    await expect.poll(() => alerts).toContain('Пожалуйста, выберите способ оплаты')
    await choosePay(page, /Банковской картой онлайн/)
    await order.click()
    await expect.poll(() => alerts).toContain('Для осуществления заказа вы должны принять условия публичной оферты')
    // The personal-data consent is a box of its own; without it the error modal says why (spec section 5).
    await page.getByRole('checkbox', { name: /публичной оферты/ }).check()
    await order.click()
    await expect(page.getByTestId('error-modal')).toHaveText('Оформить заказ невозможно без согласия с условиями политики конфиденциальности.')
    await expect(page).toHaveURL(/\/personal\/order\/$/)
  })

  test('the order button waits for round 3 (reading B); leaving the point clears its address', async ({ page }) => {
    await addToBasket(page)
    await openCheckout(page)
    const order = page.getByRole('button', { name: 'Оформить заказ' })
    // Round 2: a location (Moscow by default), no delivery yet.
    await expect(order).toBeDisabled()
    await page.getByRole('radio', { name: /Пункты выдачи СДЭК/ }).check()
    const picker = page.getByTestId('pickup-picker')
    await expect(picker.getByRole('tab', { name: 'Списком' })).toBeVisible()
    // A delivery without its point is still round 2.
    await expect(order).toBeDisabled()
    await picker.getByRole('tab', { name: 'Списком' }).click()
    await picker.locator('li button').filter({ hasNotText: 'Только предоплата!' }).first().click()
    const detail = picker.getByTestId('point-detail')
    const address = ((await detail.locator('h3 + p').textContent()) ?? '').trim()
    expect(address).not.toBe('')
    await detail.getByRole('button', { name: 'Выбрать' }).click()
    await expect(picker.getByText('Выбрано!')).toBeVisible()
    // Round 3: the point is set and the server accepted it.
    await expect(order).toBeEnabled()
    await choosePay(page, /Банковской картой онлайн/)
    const info = page.getByTestId('delivery-info')
    await expect(info).toContainText(address)

    await picker.getByRole('button', { name: 'Выбрать другой способ доставки' }).click()
    await expect(order).toBeDisabled()
    await expect(info).toBeVisible()
    await expect(info).not.toContainText(address)
  })

  test('the order success event carries the page view\'s own viewGuid', async ({ page }) => {
    await addToBasket(page)
    await openCheckout(page)
    // The header search of the same page view sends its viewGuid too.
    const search = page.waitForRequest((r) => r.url().endsWith('/ajax/search/') && r.method() === 'POST')
    await page.locator('header [data-slot="header-search"]').getByRole('button', { name: 'Поиск' }).click()
    await page.getByRole('combobox', { name: 'Поиск по каталогу' }).fill('витамин')
    const pageGuid = new URLSearchParams((await search).postData() ?? '').get('viewGuid')
    expect(pageGuid).toBeTruthy()
    await page.getByRole('button', { name: 'Закрыть поиск' }).click()

    await fillContacts(page)
    await choosePickupPoint(page)
    await choosePay(page, /Наличными или картой при получении/)
    const success = page.waitForRequest((r) => r.url().includes('/ajax/search/send-event') && (r.postData() ?? '').includes('ORDER_SUCCESS'))
    await placeOrder(page)
    const sent = new URLSearchParams((await success).postData() ?? '')
    expect(sent.get('viewGuid')).toBe(pageGuid)
    await expect(page).toHaveURL(/\/personal\/order\/\?ORDER_ID=\d+/)
  })

  test('a guest orders to a pickup point and pays on receipt', async ({ page }) => {
    // The purchase event is pushed just before the page leaves for the confirmation; keep a copy.
    await page.addInitScript(() => {
      const layer: Record<string, unknown>[] = []
      const push = layer.push.bind(layer)
      layer.push = (...entries) => {
        const kept = JSON.parse(sessionStorage.getItem('e2e-data-layer') ?? '[]') as unknown[]
        sessionStorage.setItem('e2e-data-layer', JSON.stringify([...kept, ...entries]))
        return push(...entries)
      }
      window.dataLayer = layer
    })
    await addToBasket(page)
    await openCheckout(page)
    await fillContacts(page)
    await choosePickupPoint(page)
    await choosePay(page, /Наличными или картой при получении/)
    await placeOrder(page)
    await expect(page).toHaveURL(/\/personal\/order\/\?ORDER_ID=\d+/)
    await expect(page.getByTestId('order-confirmation')).toContainText('Заказ №')
    await expect(page.getByTestId('order-status')).toHaveText('Принят')
    await expect(page.getByRole('link', { name: 'Оплатить' })).toHaveCount(0)
    const orderId = new URL(page.url()).searchParams.get('ORDER_ID')
    const events = await page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-data-layer') ?? '[]') as { event?: string; ecommerce?: { transaction_id?: string } }[])
    expect(events.find((e) => e.event === 'purchase')?.ecommerce?.transaction_id).toBe(orderId)
  })

  test('a placed order whose answer was lost ends the attempt: the next checkout in the tab gets a new key and order (ADR 031)', async ({ page }) => {
    const saves: { key: string; id: string }[] = []
    let lose = true
    // The server places the first order; the page never hears of it. Later saves go through.
    await page.route(CHECKOUT_URL, async (route) => {
      const body = new URLSearchParams(route.request().postData() ?? '')
      if (body.get('action') !== 'saveOrderAjax') return route.fallback()
      const response = await route.fetch()
      const answer = (await response.json()) as { order?: { ID?: string } }
      saves.push({ key: body.get('order[CHECKOUT_KEY]') ?? '', id: answer.order?.ID ?? '' })
      if (lose) {
        lose = false
        return route.abort()
      }
      return route.fulfill({ response })
    })
    await addToBasket(page)
    await openCheckout(page)
    await fillContacts(page)
    await choosePickupPoint(page)
    await choosePay(page, /Наличными или картой при получении/)
    await placeOrder(page)
    // The error, then the refresh finds the basket empty and sends the buyer to the cart.
    await expect(page).toHaveURL(/\/personal\/cart\//, { timeout: 20_000 })

    await addToBasket(page, 1)
    await openCheckout(page)
    // The tab keeps what the buyer typed and chose; only the key is new.
    await expect(field(page, 'PROP_NAME')).toHaveValue('Анна')
    await expect(page.getByRole('radio', { name: /Пункты выдачи СДЭК/ })).toBeChecked()
    await expect(page.getByRole('radio', { name: /Наличными или картой при получении/ })).toBeChecked()
    await placeOrder(page)
    await expect(page).toHaveURL(/\/personal\/order\/\?ORDER_ID=\d+/)
    const [first, second] = saves
    expect(first?.id).toMatch(/^\d+$/)
    expect(second?.key).not.toBe(first?.key)
    expect(second?.id).not.toBe(first?.id)
    expect(new URL(page.url()).searchParams.get('ORDER_ID')).toBe(second?.id)
  })

  test('late answers undo neither what the buyer typed nor the delivery chosen since (ADR 035)', async ({ page }) => {
    await addToBasket(page)
    // 1. The first refresh answers after the buyer has typed: the typed values stay.
    const first = await holdNextAnswer(page, CHECKOUT_URL, refreshCall)
    await page.goto('/personal/order/')
    await first.sent
    await field(page, 'PROP_NAME').fill('Анна')
    await field(page, 'PROP_EMAIL').fill('anna.late@example.ru')
    first.release()
    await first.handled
    await expect(page.getByRole('radio', { name: /Курьерская доставка/ })).toBeVisible()
    await expect(field(page, 'PROP_NAME')).toHaveValue('Анна')
    await expect(field(page, 'PROP_EMAIL')).toHaveValue('anna.late@example.ru')

    // 2. The courier's refresh answers after the buyer has switched to a pickup point: it is dropped.
    const courier = await holdNextAnswer(page, CHECKOUT_URL, refreshCall)
    await page.getByRole('radio', { name: /Курьерская доставка/ }).check()
    await courier.sent
    await page.getByRole('radio', { name: /Пункты выдачи СДЭК/ }).check()
    await expect(page.getByTestId('pickup-picker')).toBeVisible()
    courier.release()
    await courier.handled
    await expect(page.getByRole('radio', { name: /Пункты выдачи СДЭК/ })).toBeChecked()
    await expect(page.getByTestId('pickup-picker')).toBeVisible()

    // 3. The location input confirms the same city after the buyer has picked a delivery: it stays.
    const place = await holdNextAnswer(page, '**/ajax/places/', (body) => body.includes('CODE='))
    const city = page.getByLabel('Населённый пункт')
    await city.fill('Моск')
    await expect(page.getByRole('option', { name: /^Москва/ }).first()).toBeVisible()
    await city.press('Enter')
    await place.sent
    await page.getByRole('radio', { name: /Пункты выдачи Boxberry/ }).check()
    place.release()
    await place.handled
    await expect(page.getByRole('radio', { name: /Пункты выдачи Boxberry/ })).toBeChecked()
    await expect(page.getByTestId('pickup-picker')).toBeVisible()
    await expect(field(page, 'PROP_NAME')).toHaveValue('Анна')
  })

  test('a guest pays by card in the sandbox', async ({ page }) => {
    await addToBasket(page)
    await openCheckout(page)
    await fillContacts(page)
    await choosePickupPoint(page)
    await choosePay(page, /Банковской картой онлайн/)
    await placeOrder(page)
    await expect(page.getByTestId('order-status')).toHaveText('Ожидает оплаты')
    await page.getByRole('link', { name: 'Оплатить' }).click()
    await expect(page.getByTestId('sandbox')).toContainText('Оплата картой')
    await page.getByRole('button', { name: /^Оплатить/ }).click()
    await expect(page.getByTestId('order-status')).toHaveText('Оплачен')
  })

  test('a guest pays in instalments (dolyame)', async ({ page }) => {
    await addToBasket(page)
    await openCheckout(page)
    await fillContacts(page)
    await choosePickupPoint(page)
    await choosePay(page, /Долями/)
    await page.getByRole('button', { name: 'Как это работает' }).click()
    await expect(page.getByTestId('instalments').locator('li')).toHaveCount(4)
    await page.getByRole('button', { name: 'Закрыть' }).click()
    await placeOrder(page)
    await expect(page.getByTestId('order-status')).toHaveText('Ожидает оплаты')
    await page.getByRole('link', { name: 'Оплатить' }).click()
    await expect(page.getByTestId('sandbox')).toContainText('Оплата долями')
  })

  test('an invoice order stays on the page with the link to the catalogue', async ({ page }) => {
    await addToBasket(page)
    await openCheckout(page)
    await fillContacts(page)
    await choosePickupPoint(page)
    await choosePay(page, /По счёту/)
    await placeOrder(page)
    const done = page.getByTestId('bill-confirmation')
    await expect(done).toContainText('оформлен')
    await expect(done.getByRole('link', { name: 'Продолжить покупки' })).toHaveAttribute('href', '/catalog/')
    const href = await done.getByRole('link', { name: 'Открыть счёт' }).getAttribute('href')
    await page.goto(href ?? '')
    await expect(page.getByTestId('invoice')).toContainText('Счёт на оплату №')
    await expect(page.getByTestId('invoice')).toContainText('БИК')
  })

  test('a signed-in buyer gets the account data and orders', async ({ page }) => {
    await page.goto('/')
    const email = `signed${Date.now()}${Math.floor(Math.random() * 1000)}@example.ru`
    const reg = await page.request.post('/ajax/register/', {
      form: { EMAIL: email, PASS: 'Ласточка-2025', CONFIRM_PASS: 'Ласточка-2025', NAME: 'Мария Смирнова', IS_SUBSCRIBE: 'N', sessid: await sessid(page) },
    })
    expect(reg.status()).toBeLessThan(400)
    await addToBasket(page)
    await openCheckout(page)
    await expect(field(page, 'PROP_EMAIL')).toHaveValue(email)
    await field(page, 'PROP_LASTNAME').fill('Смирнова')
    await field(page, 'PROP_PHONE').fill('9161234567')
    await choosePickupPoint(page)
    await choosePay(page, /Наличными или картой при получении/)
    await placeOrder(page)
    await expect(page.getByTestId('order-status')).toHaveText('Принят')
  })

  test('the one-click fallback form places an order and goes home', async ({ page }) => {
    await addToBasket(page)
    await openCheckout(page)
    await page.getByTestId('fallback-notice').getByRole('button', { name: 'формой заказа в 1 клик' }).click()
    const dialog = page.getByRole('dialog', { name: 'Резервное оформление заказа' })
    await expect(dialog).toContainText('Итого')
    // The one-click area lists the deliveries the manager can arrange (spec section 3).
    const deliveries = dialog.getByTestId('one-click-deliveries')
    await expect(deliveries).toContainText('Курьерская доставка')
    await expect(deliveries).toContainText('Курьер привезёт заказ в выбранный день и интервал времени.')
    await expect(deliveries).toContainText('Пункты выдачи СДЭК')
    const alerts: string[] = []
    page.on('dialog', (d) => {
      alerts.push(d.message())
      void d.accept()
    })
    await dialog.getByRole('button', { name: 'Отправить' }).click()
    await expect.poll(() => alerts).toContain('Заполните поле "Имя и фамилия"')
    await dialog.getByLabel('Имя и фамилия').fill('Anna Анна Петрова')
    await expect(dialog.getByLabel('Имя и фамилия')).toHaveValue(' Анна Петрова')
    await dialog.getByLabel('Населенный пункт').fill('Казань')
    await dialog.getByLabel('Контактный телефон').fill('9031234567')
    await dialog.getByLabel('Email-адрес').fill('petrova@example.ru')
    await dialog.getByRole('button', { name: 'Отправить' }).click()
    await expect.poll(() => alerts).toContain('Спасибо за заказ! Менеджер свяжется с вами в ближайшее время.')
    await expect(page).toHaveURL(/\/$/)
    const events = await page.evaluate(() => (window.dataLayer ?? []).map((e) => e.event))
    expect(events).toContain('purchase_1click')
  })
})
