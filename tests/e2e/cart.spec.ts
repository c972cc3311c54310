import { expect, test, type Page } from './test'
import { pauseClock, requestsHeard } from './timing'

/** Cart, favourites, header widgets and search as a buyer uses them (issue 4). */

test.beforeEach(async ({ context, baseURL }) => {
  // The cookie banner would cover the lower part of phone screens.
  await context.addCookies([{ name: 'cookie_consent', value: 'Y', url: baseURL! }])
})

/** POSTs like the spec's pages do, with the session's sessid, from inside the page. */
async function call<T>(page: Page, url: string, fields: Record<string, string>): Promise<T> {
  return page.evaluate(
    async ({ url, fields }) => {
      const sessid = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('vm_sessid='))?.slice(10) ?? '')
      const res = await fetch(url, { method: 'POST', body: new URLSearchParams({ ...fields, sessid }) })
      return (await res.json()) as T
    },
    { url, fields },
  )
}

interface CartAnswer {
  Products: { id: number; quantity: number; max: number; price: number }[]
  TotalPrice: number
  productError?: string
}

/** The first card's offer, read from the catalogue page the buyer sees. */
async function firstCardOffer(page: Page): Promise<number> {
  await page.goto('/catalog/')
  const id = await page.locator('article[data-offer-id]').first().getAttribute('data-offer-id')
  return Number(id)
}

/** The cart holds a typed quantity this long after the last change before sending it (spec: 1 s). */
const SEND_DELAY_MS = 1000
/** Search suggestions are asked for this long after the last key. */
const SEARCH_DELAY_MS = 400

const headerCart = (page: Page) => page.locator('header [data-slot="header-cart"]')

test.describe('cart', () => {
  test('adding from a product card: Купить → В корзине → the cart page', async ({ page }) => {
    await page.goto('/catalog/')
    const card = page.locator('article[data-offer-id]').first()
    const buy = card.getByRole('button', { name: 'Купить' })
    await expect(buy).toHaveAttribute('aria-busy', 'false')
    await buy.click()
    const inCart = card.getByRole('button', { name: 'В корзине' })
    await expect(inCart).toBeVisible()
    await expect(headerCart(page).locator('[data-cart-count]')).toHaveText('1')
    const pushed = await page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === 'add_to_cart'))
    expect(pushed).toHaveLength(1)
    expect(pushed[0]).toMatchObject({ ecommerce: { currency: 'RUB', items: [{ quantity: 1 }] } })
    await inCart.click()
    await expect(page).toHaveURL(/\/personal\/cart\/$/)
    await expect(page.locator('#main [data-cart-line]')).toHaveCount(1)
    // A reload keeps the state: the label comes from GetBasket at page start.
    await page.goto('/catalog/')
    await expect(page.locator('article[data-offer-id]').first().getByRole('button', { name: 'В корзине' })).toBeVisible()
  })

  test('header popup: count, lines, total, buttons; opens and closes by click, outside click and Escape', async ({ page }) => {
    const offer = await firstCardOffer(page)
    await call(page, '/ajax/basket/', { ACTION: 'Add', ID: String(offer), QUANTITY: '2' })
    // A page with plain text below the popup, so a click outside it lands on nothing clickable.
    await page.goto('/about/dogovor_publichnoy_oferty/')
    const trigger = headerCart(page).getByRole('button', { name: /Корзина/ })
    await expect(trigger).toHaveAccessibleName('Корзина: 2 товара')
    const panel = page.getByRole('region', { name: 'Корзина' })
    await expect(panel).toBeHidden()
    await trigger.click()
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await expect(panel).toBeVisible()
    await expect(panel.locator('[data-cart-line]')).toHaveCount(1)
    await expect(panel.locator('[data-cart-total]')).toContainText('₽')
    await expect(panel.getByRole('link', { name: 'Оформить заказ' })).toHaveAttribute('href', '/personal/order/')
    await expect(panel.getByRole('link', { name: 'В корзину' })).toHaveAttribute('href', '/personal/cart/')
    await trigger.click()
    await expect(panel).toBeHidden()
    await trigger.click()
    const box = (await panel.boundingBox())!
    await page.mouse.click(box.x + 5, box.y + box.height + 30)
    await expect(panel).toBeHidden()
    // Keyboard: Enter or Space opens, Escape closes and gives focus back.
    for (const key of ['Enter', 'Space']) {
      await trigger.focus()
      await page.keyboard.press(key)
      await expect(panel).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(panel).toBeHidden()
      await expect(trigger).toBeFocused()
    }
    await trigger.click()
    await panel.getByRole('link', { name: 'В корзину' }).click()
    await expect(page).toHaveURL(/\/personal\/cart\/$/)
  })

  test('editing a quantity: digits only, held for 1 s, then sent; capped at max; a minus at 1 is ignored', async ({ page }) => {
    // A paused fake clock times the 1 s hold to the millisecond; it runs on its own again after.
    await pauseClock(page)
    const offer = await firstCardOffer(page)
    const added = await call<CartAnswer>(page, '/ajax/basket/', { ACTION: 'Add', ID: String(offer) })
    // The line's max, and no line can pass the 125 items of an order.
    const max = Math.min(added.Products[0]!.max, 125)
    await page.goto('/personal/cart/')
    const line = page.locator(`#main [data-cart-line="${offer}"]`)
    const input = line.getByRole('textbox')
    await expect(input).toHaveValue('1')
    const sent: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/ajax/basket/') && r.postData()?.includes('ACTION=Update')) sent.push(r.postData() ?? '')
    })
    // A minus at 1 does nothing, now or later.
    // The button says it is disabled (aria-disabled) but a buyer can still press it.
    await line.getByRole('button', { name: /Уменьшить/ }).click({ force: true })
    await expect(input).toHaveValue('1')
    await input.fill('3x')
    await expect(input).toHaveValue('3')
    await expect(input).toHaveAttribute('data-draft', 'Y')
    await page.clock.runFor(SEND_DELAY_MS - 1)
    await requestsHeard(page)
    expect(sent).toHaveLength(0)
    await expect(input).toHaveAttribute('data-draft', 'Y')
    await page.clock.runFor(1)
    await page.clock.resume()
    await expect(input).toHaveAttribute('data-draft', 'N')
    expect(sent).toHaveLength(1)
    expect(sent[0]).toContain('QUANTITY=3')
    await expect(input).toHaveValue('3')
    const price = added.Products[0]!.price
    await expect(line.locator('[data-line-sum]')).toContainText(new Intl.NumberFormat('ru-RU').format(price * 3))
    // Above max is capped as typed; the server gets the cap (an Update, so a request went out).
    await input.fill('99999')
    await expect(input).toHaveValue(String(max))
    await expect(input).toHaveAttribute('data-draft', 'N')
    await expect(input).toHaveValue(String(max))
    // Below 1 becomes 1.
    await input.fill('0')
    await expect(input).toHaveValue('1')
    await expect(input).toHaveAttribute('data-draft', 'N')
    const after = await call<CartAnswer>(page, '/ajax/basket/', { ACTION: 'GetBasket' })
    expect(after.Products[0]!.quantity).toBe(1)
    await line.getByRole('button', { name: /Удалить/ }).click()
    await expect(page.getByRole('heading', { name: 'Товаров в корзине пока нет' })).toBeVisible()
    await expect(page.locator('#main').getByText('Ваша корзина пуста')).toBeVisible()
  })

  test('the minimum order sum blocks ordering until reached; 1-click shows only above 0', async ({ page }) => {
    await page.goto('/personal/cart/')
    await expect(page.locator('#main').getByText('Ваша корзина пуста')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Купить в 1 клик' })).toHaveCount(0)
    // The cheapest card of the seed costs 150 ₽, below the seeded 200 ₽ minimum.
    await page.goto('/catalog/?sort=price_asc')
    const card = page.locator('article[data-offer-id]').first()
    await expect(card.locator('[data-price]')).toHaveText(/^150/)
    await card.getByRole('button', { name: 'Купить' }).click()
    await expect(card.getByRole('button', { name: 'В корзине' })).toBeVisible()
    await page.goto('/personal/cart/')
    const message = page.getByText('Минимальная сумма для заказа составляет 200 рублей')
    await expect(message).toBeVisible()
    await expect(page.getByRole('button', { name: 'Оформить заказ' })).toBeDisabled()
    const oneClick = page.evaluate(
      () => new Promise<boolean>((resolve) => window.addEventListener('open-one-click', () => resolve(true), { once: true })),
    )
    await page.getByRole('button', { name: 'Купить в 1 клик' }).click()
    expect(await oneClick).toBe(true)
    // The checkout's one-click modal answers the event; closing it brings the cart back.
    const dialog = page.getByRole('dialog', { name: 'Купить в 1 клик' })
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await page.getByRole('button', { name: /Увеличить/ }).click()
    await expect(message).toBeHidden()
    await expect(page.getByRole('link', { name: 'Оформить заказ' })).toHaveAttribute('href', '/personal/order/')
  })

  test('Купить в 1 клик from the cart places the order of the cart, thanks and goes home', async ({ page }) => {
    const offer = await firstCardOffer(page)
    await call(page, '/ajax/basket/', { ACTION: 'Add', ID: String(offer), QUANTITY: '2' })
    await page.goto('/personal/cart/')
    await page.getByRole('button', { name: 'Купить в 1 клик' }).click()
    const dialog = page.getByRole('dialog', { name: 'Купить в 1 клик' })
    const alerts: string[] = []
    page.on('dialog', (d) => {
      alerts.push(d.message())
      void d.accept()
    })
    await dialog.getByLabel('Имя и фамилия').fill('Ольга Сидорова')
    await dialog.getByLabel('Населенный пункт').fill('Тверь')
    await dialog.getByLabel('Контактный телефон').fill('9161234567')
    await dialog.getByLabel('Email-адрес').fill(`olga.${Date.now()}@example.ru`)
    await dialog.getByRole('button', { name: 'Отправить' }).click()
    await expect.poll(() => alerts.join('\n')).toMatch(/Спасибо за заказ!/)
    await expect(page).toHaveURL(/\/$/)
    const purchase = await page.evaluate(() => (window.dataLayer ?? []).find((e) => e.event === 'purchase_1click'))
    expect(purchase).toMatchObject({ ecommerce: { currency: 'RUB', items: [{ quantity: 2 }] } })
    // The order took the cart.
    const cart = await call<CartAnswer>(page, '/ajax/basket/', { ACTION: 'GetBasket' })
    expect(cart.Products).toHaveLength(0)
  })

  test('CART_VIEW is sent on the cart page only when it has products', async ({ page }) => {
    const events: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/ajax/search/send-event')) events.push(r.postData() ?? '')
    })
    await page.goto('/personal/cart/')
    // The page sends it as it shows the loaded cart, so by now it would have.
    await expect(page.locator('#main').getByText('Ваша корзина пуста')).toBeVisible()
    await requestsHeard(page)
    expect(events).toHaveLength(0)
    const offer = await firstCardOffer(page)
    await call(page, '/ajax/basket/', { ACTION: 'Add', ID: String(offer) })
    await requestsHeard(page)
    expect(events).toHaveLength(0)
    await page.goto('/personal/cart/')
    await expect.poll(() => events.length).toBe(1)
    expect(events[0]).toContain('event=CART_VIEW')
    expect(events[0]).toContain('cartItems=')
    const viewCart = await page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === 'view_cart'))
    expect(viewCart).toHaveLength(1)
  })
})

test.describe('favourites', () => {
  test('a heart on the catalogue shows in the header and on the favourites page, and leaves from there', async ({ page }) => {
    await page.goto('/catalog/')
    const card = page.locator('article[data-product-id]').first()
    const productId = await card.getAttribute('data-product-id')
    const heart = card.getByRole('button', { name: 'Добавить в избранное' })
    await expect(heart).toHaveAttribute('aria-pressed', 'false')
    await heart.click()
    await expect(card.getByRole('button', { name: 'Убрать из избранного' })).toHaveAttribute('aria-pressed', 'true')
    const counter = page.locator('header [data-slot="header-favorites"]')
    await expect(counter.locator('[data-favorites-count]')).toHaveText('1')
    await expect.poll(() => page.evaluate(() => (window.dataLayer ?? []).some((e) => e.event === 'add_to_wishlist'))).toBe(true)
    await counter.click()
    await expect(page).toHaveURL(/\/personal\/favorites\/$/)
    const favCard = page.locator(`[data-favorites-grid] article[data-product-id="${productId}"]`)
    await expect(favCard).toBeVisible()
    await favCard.getByRole('button', { name: 'Убрать из избранного' }).click()
    await expect(page.getByText('В избранном пока нет товаров')).toBeVisible()
    await page.reload()
    await expect(page.getByText('В избранном пока нет товаров')).toBeVisible()
    await expect(counter.locator('[data-favorites-count]')).toHaveCount(0)
  })
})

test.describe('search', () => {
  test('suggestions from 3 characters after typing stops; links carry the marker; results with cards', async ({ page }) => {
    // A paused fake clock times the wait after the last key; it runs on its own again once the request is out.
    await pauseClock(page)
    await page.goto('/')
    const requests: string[] = []
    page.on('request', (r) => {
      if (r.url().endsWith('/ajax/search/')) requests.push(r.postData() ?? '')
    })
    const searchBox = page.locator('header [data-slot="header-search"]')
    await searchBox.getByRole('button', { name: 'Поиск' }).click()
    const input = page.getByRole('combobox', { name: 'Поиск по каталогу' })
    await expect(input).toBeFocused()
    await input.pressSequentially('ви')
    await page.clock.runFor(3 * SEARCH_DELAY_MS)
    await requestsHeard(page)
    expect(requests).toHaveLength(0)
    // Each key a moment before the wait runs out: still nothing sent…
    for (const key of 'там') {
      await input.pressSequentially(key)
      await page.clock.runFor(SEARCH_DELAY_MS - 1)
    }
    await requestsHeard(page)
    expect(requests).toHaveLength(0)
    // …until the wait after the last key is over.
    await page.clock.runFor(1)
    await page.clock.resume()
    const list = page.locator('[data-search-suggestions]')
    await expect(list).toBeVisible()
    // One request for the finished word, not one per key.
    expect(requests).toHaveLength(1)
    const body = new URLSearchParams(requests[0])
    expect(body.get('SEARCH_STRING')).toBe('витам')
    expect(body.get('originalSearchTerm')).toBe('витам')
    expect(body.get('viewGuid')).toBeTruthy()
    expect(body.get('url')).toContain('http')
    expect(body.has('referrer')).toBe(true)
    const first = list.getByRole('option').first()
    await expect(first).toHaveAttribute('href', /type=AUTOCOMPLETE_CLICK/)
    await expect(page.locator('[data-search-all]')).toHaveAttribute('href', `/search/?q=${encodeURIComponent('витам')}`)
    // Below 3 characters the list is cleared.
    await input.press('Backspace')
    await input.press('Backspace')
    await input.press('Backspace')
    await expect(list).toBeHidden()
    // Nothing found: the typed text is offered.
    await input.fill('щщщщщ')
    await expect(list.getByRole('option')).toHaveText(['щщщщщ'])
    await input.fill('омега 3')
    await expect(list.getByRole('option').first()).toBeVisible()
    await list.getByRole('option').filter({ hasText: 'Омега-3' }).first().click()
    await expect(page).toHaveURL(/\/search\/\?q=.*type=AUTOCOMPLETE_CLICK/)
    await expect(page.locator('[data-search-results] article').first()).toBeVisible()
    await expect.poll(() => page.evaluate(() => (window.dataLayer ?? []).some((e) => e.event === 'view_search_results'))).toBe(true)
  })

  test('the header search opens the results by Enter and by «Найти»', async ({ page }) => {
    await page.goto('/')
    const searchBox = page.locator('header [data-slot="header-search"]')
    await searchBox.getByRole('button', { name: 'Поиск' }).click()
    await page.getByRole('combobox', { name: 'Поиск по каталогу' }).fill('омега')
    await page.getByRole('combobox', { name: 'Поиск по каталогу' }).press('Enter')
    await expect(page).toHaveURL(/\/search\/\?q=%D0%BE%D0%BC%D0%B5%D0%B3%D0%B0$/)
    await expect(page.locator('[data-search-results] article').first()).toContainText(/Омега/i)

    await searchBox.getByRole('button', { name: 'Поиск' }).click()
    await page.getByRole('combobox', { name: 'Поиск по каталогу' }).fill('коэнзим')
    await searchBox.getByRole('button', { name: 'Найти' }).click()
    await expect(page).toHaveURL(/\/search\/\?q=%D0%BA%D0%BE%D1%8D%D0%BD%D0%B7%D0%B8%D0%BC$/)
    await expect(page.locator('[data-search-results] article').first()).toContainText('Коэнзим Q10')
  })

  test('/search/index.php?q= shows the same results; a typo still finds Коэнзим Q10', async ({ page }) => {
    await page.goto('/search/index.php?q=' + encodeURIComponent('коензим'))
    await expect(page.locator('[data-search-results] article').first()).toContainText('Коэнзим Q10')
    await page.goto('/search/?q=' + encodeURIComponent('витамин д'))
    await expect(page.locator('[data-search-results] article').first()).toContainText('D3')
  })
})
