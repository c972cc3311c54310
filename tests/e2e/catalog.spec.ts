import { expect, test, type Page } from './test'
import { pauseClock, requestsHeard } from './timing'

/** The spec's filter debounce: a change goes into the address 1 s after the last one. */
const FILTER_DEBOUNCE_MS = 1000

const PRODUCT = '/catalog/immunitet/p1-vitamin-d3-2000-me-evalar/'
const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 992

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(1)
}

test.describe('catalogue list', () => {
  test('cards in 3 columns on desktop and 2 on phones, with a plural product count', async ({ page }) => {
    await page.goto('/catalog/')
    const cards = page.locator('[data-product-list] > li')
    await expect(cards).toHaveCount(12)
    const tops = await cards.evaluateAll((els) => els.slice(0, 4).map((e) => Math.round(e.getBoundingClientRect().top)))
    const perRow = tops.filter((t) => t === tops[0]).length
    expect(perRow).toBe(isDesktop(page) ? 3 : 2)
    await expect(page.locator('[data-found-count]')).toHaveText(/^Найдено \d+ товар(а|ов)?$/)
    await noSidewaysScroll(page)
  })

  test('filter changes apply after the 1 s debounce, go into the address, and back works', async ({ page }) => {
    // A paused fake clock times the debounce to the millisecond; it runs on its own again for the navigation.
    await pauseClock(page)
    await page.goto('/catalog/')
    // Router pushes fetch the new address at once, so a request says a push happened before the address changes.
    const asked: string[] = []
    page.on('request', (r) => r.url().includes('form=tablets') && asked.push(r.url()))
    const before = await page.locator('[data-found-count]').textContent()
    if (isDesktop(page)) {
      await page.locator('[data-filter-group="form"]').click()
      await page.locator('[data-filter-option="form:tablets"]').check()
      await page.clock.runFor(FILTER_DEBOUNCE_MS - 1)
      await requestsHeard(page)
      expect(asked).toEqual([])
      expect(page.url()).not.toContain('form=')
      await page.clock.runFor(1)
      await page.clock.resume()
      await page.waitForURL(/form=tablets/)
      // A second group goes into the same address.
      await page.locator('[data-filter-group="discount"]').click()
      await page.locator('[data-filter-option="discount:Y"]').check()
      await page.waitForURL(/discount=Y/)
      expect(page.url()).toContain('form=tablets')
    } else {
      await page.locator('[data-open-filter-panel]').click()
      const panel = page.locator('[data-filter-panel]')
      await expect(panel).toBeVisible()
      await expect(panel.getByRole('heading', { name: 'Фильтры' })).toBeVisible()
      await panel.locator('[data-filter-option="form:tablets"]').check()
      await panel.locator('[data-filter-option="discount:Y"]').check()
      // The panel waits for 'Показать товары' rather than moving the list behind it, however long.
      await page.clock.runFor(10 * FILTER_DEBOUNCE_MS)
      await requestsHeard(page)
      expect(asked).toEqual([])
      expect(page.url()).not.toContain('form=')
      await page.clock.resume()
      await panel.getByRole('button', { name: 'Показать товары' }).click()
      await page.waitForURL(/form=tablets/)
      await expect(panel).toBeHidden()
      expect(page.url()).toContain('discount=Y')
    }
    await expect(page.locator('[data-found-count]')).not.toHaveText(before ?? '')
    const badges = page.locator('[data-product-list] [data-discount]')
    const count = await page.locator('[data-product-list] > li').count()
    expect(count).toBeGreaterThan(0)
    await expect(badges).toHaveCount(count)
    await page.goBack()
    await expect(page).toHaveURL(/\/catalog\/(\?form=tablets)?$/)
  })

  test('the sort select reorders by price', async ({ page }) => {
    await page.goto('/catalog/')
    await page.locator('select[name="sort"]:visible').selectOption('price_asc')
    await page.waitForURL(/sort=price_asc/)
    const prices = await page.locator('[data-product-list] [data-price]').evaluateAll((els) => els.map((e) => Number(e.textContent?.replace(/[^\d,]/g, '').replace(',', '.'))))
    expect(prices.length).toBeGreaterThan(1)
    expect(prices[0]).toBeLessThanOrEqual(prices[prices.length - 1]!)
  })

  test('ПОКАЗАТЬ ЕЩЁ appends the next page and updates the address without ajax', async ({ page }) => {
    await page.goto('/catalog/')
    const cards = page.locator('[data-product-list] > li')
    await expect(cards).toHaveCount(12)
    const firstIds = await cards.locator('article').evaluateAll((els) => els.map((e) => e.getAttribute('data-product-id')))
    const response = page.waitForResponse((r) => r.url().includes('ajax=Y') && r.url().includes('PAGEN_1=2'))
    await page.locator('[data-show-more]').click()
    const json = await (await response).json()
    expect(Object.keys(json)).toEqual(expect.arrayContaining(['ITEMS', 'OFFERS_STATES', 'SHOW_MORE_BUTTON']))
    await expect(cards).toHaveCount(24)
    await expect(page).toHaveURL(/PAGEN_1=2/)
    expect(page.url()).not.toContain('ajax')
    const allIds = await cards.locator('article').evaluateAll((els) => els.map((e) => e.getAttribute('data-product-id')))
    expect(new Set(allIds).size).toBe(24)
    expect(allIds.slice(0, 12)).toEqual(firstIds)
  })

  test('a package size switches price, picture and the buy button', async ({ page }) => {
    await page.goto('/catalog/immunitet/')
    const card = page.locator('[data-product-list] article').filter({ has: page.locator('[data-size]:nth-child(2)') }).first()
    const before = { offer: await card.getAttribute('data-offer-id'), price: await card.locator('[data-price]').textContent(), pic: await card.locator('[data-card-picture]').getAttribute('src') }
    await card.locator('[data-size]').nth(1).click()
    await expect(card).not.toHaveAttribute('data-offer-id', before.offer ?? '')
    const offer = await card.getAttribute('data-offer-id')
    await expect(card.locator('button[data-offer-id]')).toHaveAttribute('data-offer-id', offer ?? '')
    await expect(card.locator('[data-card-picture]')).not.toHaveAttribute('src', before.pic ?? '')
    expect(await card.locator('[data-price]').textContent()).not.toBe(before.price)
  })

  test('the menu by purpose: tiles expand with #purpose; phones get the Назначения popup', async ({ page }) => {
    await page.goto('/catalog/#purpose')
    if (isDesktop(page)) {
      await expect(page.locator('[data-purpose-tiles="expanded"]')).toBeVisible()
      await expect(page.locator('[data-see-all]')).toHaveText('Свернуть')
    } else {
      await page.locator('[data-choose-purpose]').click()
      const popup = page.getByRole('dialog', { name: 'Назначения' })
      await expect(popup).toBeVisible()
      await expect(popup.locator('[data-purpose-reset]')).toHaveAttribute('href', '/catalog/')
      await popup.getByRole('link', { name: 'Красота' }).click()
      await page.waitForURL(/\/catalog\/krasota\/$/)
    }
    await expect(page.getByRole('link', { name: 'Выбрать бренд' })).toHaveAttribute('href', '/brands/')
  })

  test('the mobile panel resets with clearFilter=Y and closes', async ({ page }) => {
    await page.goto('/catalog/?form=tablets')
    if (isDesktop(page)) {
      await expect(page.locator('[data-open-filter-panel]')).toBeHidden()
      return
    }
    await page.locator('[data-open-filter-panel]').click()
    const panel = page.locator('[data-filter-panel]')
    await panel.getByRole('button', { name: 'Закрыть' }).click()
    await expect(panel).toBeHidden()
    await page.locator('[data-open-filter-panel]').click()
    await expect(panel.locator('[data-filter-reset]')).toHaveAttribute('href', '/catalog/?clearFilter=Y')
    await panel.locator('[data-filter-reset]').click()
    await page.waitForURL(/\/catalog\/$/)
  })

  test('unknown section, brand and product answer 404; junk parameters a normal page', async ({ page }) => {
    for (const path of ['/catalog/no-such/', '/brands/no-such/', '/catalog/immunitet/no-such/']) {
      expect((await page.goto(path))?.status()).toBe(404)
    }
    const res = await page.goto('/catalog/?PAGEN_1=99999999999&price_from=abc&brand=zzz&sort=%3Cscript%3E')
    expect(res?.status()).toBe(200)
    await expect(page.locator('[data-product-list] > li').first()).toBeVisible()
  })
})

test.describe('catalogue without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('page links and the show-more link still work', async ({ page }) => {
    await page.goto('/catalog/')
    await page.locator('[data-pagination] a', { hasText: '2' }).first().click()
    await expect(page).toHaveURL(/PAGEN_1=2/)
    await expect(page.locator('[data-product-list] > li')).toHaveCount(12)
    await page.locator('[data-show-more]').click()
    await expect(page).toHaveURL(/PAGEN_1=3/)
  })
})

test.describe('product page', () => {
  test('SEO: title, canonical, JSON-LD Product in RUB, breadcrumbs; view_item in dataLayer', async ({ page }) => {
    await page.goto(PRODUCT)
    await expect(page).toHaveTitle(/Витамин D3 2000 МЕ/)
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`${PRODUCT}$`))
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents()
    const product = ld.map((t) => JSON.parse(t)).find((d) => d['@type'] === 'Product')
    expect(product.offers[0].priceCurrency).toBe('RUB')
    await expect(page.getByRole('navigation', { name: 'Навигационная цепочка' })).toContainText('Иммунитет')
    await expect
      .poll(() => page.evaluate(() => ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).some((e) => e.event === "view_item")))
      .toBe(true)
    await noSidewaysScroll(page)
  })

  test('Купить adds the stepper quantity, then the button reads В корзине and leads to the cart', async ({ page }) => {
    await page.goto(PRODUCT)
    const buy = page.locator('[data-product-buy]')
    const qty = buy.getByRole('textbox', { name: 'Количество' })
    await qty.fill('2')
    await buy.getByRole('button', { name: 'Купить' }).click()
    const inCart = buy.getByRole('link', { name: 'В корзине' })
    await expect(inCart).toBeVisible()
    await expect(buy.locator('[data-in-cart]')).toHaveText('В корзине 2 упаковки.')
    await inCart.click()
    await expect(page).toHaveURL(/\/personal\/cart\/$/)
    await expect(page.locator('#main [data-cart-line]')).toHaveCount(1)
  })

  test('size switch changes the price; the quantity stepper keeps digits within 1..max', async ({ page }) => {
    await page.goto(PRODUCT)
    const buy = page.locator('[data-product-buy]')
    const price = await buy.locator('[data-price]').textContent()
    await buy.locator('[data-size]').nth(1).click()
    await expect(buy.locator('[data-price]')).not.toHaveText(price ?? '')
    const qty = buy.getByRole('textbox', { name: 'Количество' })
    await qty.fill('')
    await qty.pressSequentially('5a')
    await expect(qty).toHaveValue('5')
    await qty.fill('99999')
    await qty.blur()
    const max = Number(await qty.inputValue())
    expect(max).toBeGreaterThanOrEqual(1)
    expect(max).toBeLessThan(99999)
    await qty.fill('0')
    await qty.blur()
    await expect(qty).toHaveValue('1')
  })

  test('the full-screen viewer: arrows wrap, swipe over 50 px, Escape closes, scroll locked', async ({ page }) => {
    await page.goto(PRODUCT)
    await page.locator('[data-gallery-slide="0"]').click()
    const viewer = page.locator('[data-image-viewer]')
    await expect(viewer).toBeVisible()
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('hidden')
    const counter = viewer.locator('[data-viewer-counter]')
    await expect(counter).toHaveText('1 / 2')
    await page.keyboard.press('ArrowRight')
    await expect(counter).toHaveText('2 / 2')
    await page.keyboard.press('ArrowRight')
    await expect(counter).toHaveText('1 / 2')
    await viewer.locator('[data-viewer-prev]').click()
    await expect(counter).toHaveText('2 / 2')
    const stage = viewer.locator('[data-viewer-stage]')
    const box = (await stage.boundingBox())!
    const y = box.y + box.height / 2
    const swipe = async (from: number, to: number) => {
      await stage.dispatchEvent('pointerdown', { clientX: from, clientY: y, pointerType: 'touch', isPrimary: true })
      await stage.dispatchEvent('pointerup', { clientX: to, clientY: y, pointerType: 'touch', isPrimary: true })
    }
    await swipe(box.x + 200, box.x + 170)
    await expect(counter).toHaveText('2 / 2')
    await swipe(box.x + 200, box.x + 120)
    await expect(counter).toHaveText('1 / 2')
    await viewer.locator('[data-viewer-thumbs] button').nth(1).click()
    await expect(counter).toHaveText('2 / 2')
    await page.keyboard.press('Escape')
    await expect(viewer).toBeHidden()
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('')
  })

  test('tabs follow the hash and write it on click', async ({ page }) => {
    await page.goto(`${PRODUCT}#composition`)
    await expect(page.locator('[data-tab="1"][role="tab"]').first()).toHaveAttribute('aria-selected', 'true')
    await expect(page.locator('[data-tab-panel="1"]').first()).toBeVisible()
    await page.getByRole('tab', { name: 'Способ применения' }).click()
    await expect(page).toHaveURL(/#how-to-use$/)
    await expect(page.locator('[data-tab-panel="2"]')).toBeVisible()
    await page.getByRole('tab', { name: 'Где купить' }).click()
    await expect(page).toHaveURL(/#where-to-buy$/)
    const list = page.locator('[data-where-to-buy] [data-partner-list]')
    await expect(list).toBeVisible()
    await expect(list.locator('a[target="_blank"]').first()).toBeVisible()
    await expect(list).not.toContainText('103.by')
    await expect(list.locator('img[alt="103.by"]')).toHaveCount(0)
    await page.goto(`${PRODUCT}#where-to-buy`)
    await expect(page.locator('[data-tab-panel="wtb"]')).toBeVisible()
    // Tab 5: the health articles about this product.
    await page.goto(`${PRODUCT}#articles`)
    await expect(page.locator('[data-tab="5"][role="tab"]').first()).toHaveAttribute('aria-selected', 'true')
    await expect(page.locator('[data-tab-panel="5"] [data-product-articles] a[href="/health/item/vitamin-d-zimoy/"]')).toBeVisible()
  })

  test('the partner map popup lists outlets, or alerts when the partner has none', async ({ page }) => {
    await page.goto(`${PRODUCT}#where-to-buy`)
    const buttons = page.locator('[data-partner-map-open]')
    await expect(buttons.first()).toBeVisible()
    const codes = await buttons.evaluateAll((els) => els.map((e) => e.getAttribute('data-partner-map-open')))
    if (codes.includes('eapteka')) {
      // The alert blocks the click until it is answered, so the handler answers it.
      let message = ''
      page.once('dialog', (d) => {
        message = d.message()
        void d.dismiss()
      })
      await page.locator('[data-partner-map-open="eapteka"]').click()
      await expect.poll(() => message).toBe('Нет в наличии у партнера!')
    }
    const withOutlets = codes.find((c) => c !== 'eapteka')
    expect(withOutlets).toBeTruthy()
    await page.locator(`[data-partner-map-open="${withOutlets}"]`).click()
    await expect(page.locator('[data-partner-outlets] li').first()).toBeVisible()
  })

  test('another section in the address redirects to the canonical one', async ({ page }) => {
    await page.goto('/catalog/krasota/p1-vitamin-d3-2000-me-evalar/')
    await expect(page).toHaveURL(new RegExp(`${PRODUCT}$`))
  })
})

test.describe('cards and product badges', () => {
  type Pushed = { event?: string; ecommerce?: { currency?: string; item_list_name?: string; items?: { item_name?: string }[] } }
  const pushed = (page: Page) => page.evaluate(() => ((window as unknown as { dataLayer?: Pushed[] }).dataLayer ?? []) as Pushed[])

  test('partner modal, import-substitution link, and select_item on the way to the product', async ({ page }) => {
    await page.goto('/catalog/immunitet/')
    const partners = page.getByRole('button', { name: 'В аптеках' }).first()
    await partners.click()
    const modal = page.getByRole('dialog', { name: 'Купить в аптеках-партнёрах' })
    await expect(modal.locator('a[target="_blank"]').first()).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(modal).toBeHidden()

    const importCard = page.locator('article').filter({ has: page.getByRole('link', { name: 'Импортозамещение' }) }).first()
    await expect(importCard.getByRole('link', { name: 'Импортозамещение' })).toHaveAttribute('href', '/catalog/Importozameschenie/')

    const title = importCard.locator('h3 a')
    const name = ((await title.textContent()) ?? '').trim()
    const href = (await title.getAttribute('href')) ?? ''
    await title.click()
    await expect(page).toHaveURL(new RegExp(`${href}$`))
    const selected = (await pushed(page)).find((e) => e.event === 'select_item')
    expect(selected?.ecommerce?.currency).toBe('RUB')
    expect(selected?.ecommerce?.item_list_name).toBeTruthy()
    expect(selected?.ecommerce?.items?.[0]?.item_name).toBe(name)
    await expect(page.locator('[data-import-flag]')).toHaveAttribute('href', '/catalog/Importozameschenie/')
  })

  test('a drug says so; a brand link carries nofollow only where the brand asks for it', async ({ page }) => {
    await page.goto('/catalog/immunitet/p1-askorbinovaya-kislota-s-glyukozoy-pharmstandard/')
    await expect(page.getByText('Лекарственное средство').first()).toBeVisible()
    await page.goto(PRODUCT)
    await expect(page.getByText('Лекарственное средство')).toHaveCount(0)
    const evalar = page.locator('[data-brand-link]').first()
    await expect(evalar).toHaveAttribute('href', /\/brands\/evalar\/$/)
    expect(await evalar.getAttribute('rel')).toBeNull()
    await page.goto('/catalog/immunitet/p1-tsink-khelat-solgar/')
    await expect(page.locator('[data-brand-link]').first()).toHaveAttribute('rel', 'nofollow')
  })
})
