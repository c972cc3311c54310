import { expect, test, type Locator, type Page } from '@playwright/test'

const PRODUCT = '/catalog/immunitet/p1-vitamin-d3-2000-me-evalar/'
const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 992

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(1)
}

interface TrackMoves {
  /** When the last click, touch or mouse release on the slider happened (performance.now()). */
  trigger: number
  /** Each run of frames in which the track moved: first and last frame with a new position. */
  runs: { first: number; last: number }[]
}

/** Watches, in the page, every frame in which the featured slider's track (the element embla moves) moved. */
async function watchTrack(slider: Locator) {
  await slider.evaluate((root) => {
    const track = root.querySelector('[data-slide]')?.parentElement
    if (!track) throw new Error('slider without a track')
    const w = window as unknown as { trackMoves: TrackMoves }
    w.trackMoves = { trigger: 0, runs: [] }
    for (const type of ['click', 'touchend', 'mouseup']) root.addEventListener(type, () => (w.trackMoves.trigger = performance.now()), true)
    let seen = track.style.transform
    const sample = (now: number) => {
      if (track.style.transform !== seen) {
        seen = track.style.transform
        const run = w.trackMoves.runs.at(-1)
        // Frames more than 250 ms apart belong to different moves (a loaded machine can hold one frame
        // back 150 ms and more; moves are at least the 300 ms of settledMoves apart).
        if (run && now - run.last < 250) run.last = now
        else w.trackMoves.runs.push({ first: now, last: now })
      }
      requestAnimationFrame(sample)
    }
    requestAnimationFrame(sample)
  })
}

/** The moves seen so far, once the track has been still for 300 ms. */
async function settledMoves(page: Page): Promise<TrackMoves> {
  const read = () => page.evaluate(() => ({ now: performance.now(), moves: (window as unknown as { trackMoves: TrackMoves }).trackMoves }))
  await expect.poll(async () => {
    const { now, moves } = await read()
    return now - (moves.runs.at(-1)?.last ?? 0)
  }).toBeGreaterThan(300)
  return (await read()).moves
}

/** How long the last move took, from the click or release that started it to the track's last new position. */
async function lastMoveMs(page: Page): Promise<number> {
  // The first new frame may come after the click returns: wait until the track has moved since.
  await expect.poll(() => page.evaluate(() => {
    const { trigger, runs } = (window as unknown as { trackMoves: TrackMoves }).trackMoves
    return (runs.at(-1)?.last ?? 0) > trigger
  })).toBe(true)
  const { trigger, runs } = await settledMoves(page)
  return (runs.at(-1)?.last ?? 0) - trigger
}

/** The slide (1-based) whose middle is inside the slider's window, from where the browser drew it. */
const shownSlide = (slider: Locator) =>
  slider.evaluate((root) => {
    const view = root.querySelector('.overflow-hidden')?.getBoundingClientRect()
    if (!view) throw new Error('slider without a viewport')
    const slides = [...root.querySelectorAll('[data-slide]')].map((s) => s.getBoundingClientRect())
    return slides.findIndex((r) => r.left + r.width / 2 > view.left && r.left + r.width / 2 < view.right) + 1
  })

/** A finger (phones) or a mouse drag (desktop) leftwards across 60 % of the slider: past half way, so on to the next slide however fast. */
async function swipeLeft(page: Page, slider: Locator) {
  const box = await slider.boundingBox()
  if (!box) throw new Error('slider not laid out')
  const dx = -box.width * 0.6
  const x = box.x + box.width * 0.8
  const y = box.y + box.height / 3
  if (isDesktop(page)) {
    await page.mouse.move(x, y)
    await page.mouse.down()
    await page.mouse.move(x + dx, y, { steps: 8 })
    await page.mouse.up()
    return
  }
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
  for (let i = 1; i <= 8; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * i) / 8, y }] })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
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
    await page.goto('/catalog/')
    const before = await page.locator('[data-found-count]').textContent()
    if (isDesktop(page)) {
      await page.locator('[data-filter-group="form"]').click()
      const started = Date.now()
      await page.locator('[data-filter-option="form:tablets"]').check()
      await page.waitForTimeout(500)
      expect(page.url()).not.toContain('form=')
      await page.waitForURL(/form=tablets/)
      expect(Date.now() - started).toBeGreaterThanOrEqual(950)
      // A second group within the debounce window lands in the same navigation.
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
      // The panel waits for 'Показать товары' rather than moving the list behind it.
      await page.waitForTimeout(1300)
      expect(page.url()).not.toContain('form=')
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
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden')
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
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('')
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

  test('the featured slider moves in 500 ms by dots, arrows and swipe, loops, and autoplays every 5 s except under the mouse', async ({ page }) => {
    test.setTimeout(60_000)
    await page.goto(PRODUCT)
    const slider = page.locator('[data-slider="featured"]')
    await slider.scrollIntoViewIfNeeded()
    const dots = slider.getByRole('button', { name: /^Страница \d+$/ })
    // The dots appear once embla, fetched as the slider comes near, has measured the slides.
    await expect(dots).toHaveCount(4)
    const current = slider.locator('[aria-current="true"]')
    await slider.hover() // holds autoplay while the test drives the slider
    await watchTrack(slider)
    // 500 ms and a frame or two; embla's own spring takes about 2 s to settle on a slide this wide.
    const aboutHalfASecond = (ms: number) => {
      expect(ms).toBeGreaterThanOrEqual(490)
      expect(ms).toBeLessThan(850)
    }

    await dots.nth(1).click()
    await expect(current).toHaveAttribute('aria-label', 'Страница 2')
    aboutHalfASecond(await lastMoveMs(page))
    expect(await shownSlide(slider)).toBe(2)

    const next = slider.locator('[data-slider-next]')
    if (isDesktop(page)) {
      await next.click()
    } else {
      // The spec's arrows are for desktop; phones swipe or tap the dots.
      await expect(next).toBeHidden()
      await dots.nth(2).click()
    }
    await expect(current).toHaveAttribute('aria-label', 'Страница 3')
    aboutHalfASecond(await lastMoveMs(page))
    expect(await shownSlide(slider)).toBe(3)

    await swipeLeft(page, slider)
    await expect(current).toHaveAttribute('aria-label', 'Страница 4')
    aboutHalfASecond(await lastMoveMs(page))
    expect(await shownSlide(slider)).toBe(4)
    // From the last slide the next one is the first, coming in from the right.
    await swipeLeft(page, slider)
    await expect(current).toHaveAttribute('aria-label', 'Страница 1')
    aboutHalfASecond(await lastMoveMs(page))
    expect(await shownSlide(slider)).toBe(1)

    // Under the mouse nothing moves, well past the 5 s period.
    await slider.hover()
    const runsBefore = (await settledMoves(page)).runs.length
    await page.waitForTimeout(6_500)
    await expect(current).toHaveAttribute('aria-label', 'Страница 1')
    expect((await settledMoves(page)).runs).toHaveLength(runsBefore)

    // Away from it, the next slide comes after 5 s, and the move takes 500 ms.
    await page.mouse.move(1, 1)
    const left = Date.now()
    await expect(current).toHaveAttribute('aria-label', 'Страница 2', { timeout: 9_000 })
    expect(Date.now() - left).toBeGreaterThanOrEqual(4_900)
    const { runs } = await settledMoves(page)
    expect(runs).toHaveLength(runsBefore + 1)
    const autoplayed = runs.at(-1)
    // Counted from its first drawn frame, so up to a frame shorter than 500 ms.
    expect((autoplayed?.last ?? 0) - (autoplayed?.first ?? 0)).toBeGreaterThanOrEqual(450)
    expect((autoplayed?.last ?? 0) - (autoplayed?.first ?? 0)).toBeLessThan(850)
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
