import { expect, test, type Page } from './test'
import { revealNearScreenBlocks } from './near-screen'
import { pauseClock, tasksRun } from './timing'

/** The spec: a switched tab shows a loading state for 300 ms. */
const TAB_LOADING_MS = 300

/** Slides per page and the gap, measured from the rendered slider (not from our CSS rules). */
async function sliderLayout(page: Page, name: string) {
  const slider = page.locator(`[data-slider="${name}"]`).first()
  await expect(slider).toBeVisible()
  return slider.evaluate((root) => {
    const viewport = root.querySelector<HTMLElement>('.overflow-hidden')
    const slide = root.querySelector<HTMLElement>('[data-slide]')
    if (!viewport || !slide) throw new Error('slider without slides')
    const gap = parseFloat(getComputedStyle(slide).paddingLeft)
    const perView = Math.round((viewport.getBoundingClientRect().width + gap) / slide.getBoundingClientRect().width)
    return { perView, gap }
  })
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(1)
}

// The cookie banner would cover buttons near the bottom of small screens; its own test is in shell.spec.ts.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookie_consent', value: 'Y', url: baseURL ?? 'http://127.0.0.1' }])
})

test.describe('home page showcases', () => {
  test('blocks far down the page are not in its HTML and load when they near the screen (ADR 191)', async ({ page, request }) => {
    const html = await (await request.get('/')).text()
    expect(html).toContain('data-slider="products-hits"')
    for (const name of ['articles', 'news', 'sets-health', 'products-new']) expect(html).not.toContain(`data-slider="${name}"`)
    await page.goto('/')
    const articles = page.locator('[data-block="articles"]')
    const asked = page.waitForRequest((r) => r.url().endsWith('/showcase/articles/'))
    await articles.scrollIntoViewIfNeeded()
    await asked
    await expect(articles.locator('[data-card="article"]').first()).toBeVisible()
    await expect(articles.locator('[data-near-screen]')).toHaveCount(0)
  })

  test('product sliders show 1 slide (gap 10) below 767 px, 3 below 991 px, 4 above (gap 20)', async ({ page }) => {
    await page.goto('/')
    // Both sliders measured have their slides: blocks load as they near the screen (ADR 191).
    await revealNearScreenBlocks(page)
    for (const [width, perView, gap] of [
      [375, 1, 10],
      [800, 3, 20],
      [1024, 4, 20],
      [1440, 4, 20],
    ] as const) {
      await page.setViewportSize({ width, height: 900 })
      await expect.poll(() => sliderLayout(page, 'products-hits'), { message: `at ${width}px` }).toEqual({ perView, gap })
      await expect.poll(() => sliderLayout(page, 'articles')).toEqual({ perView, gap })
      await noSidewaysScroll(page)
    }
  })

  test('the news preview shows 1 slide on phones, 2 from 568 px and 3 from 1200 px', async ({ page }) => {
    await page.goto('/')
    await page.locator('[data-block="news"]').scrollIntoViewIfNeeded()
    for (const [width, perView] of [
      [375, 1],
      [600, 2],
      [1024, 2],
      [1440, 3],
    ] as const) {
      await page.setViewportSize({ width, height: 900 })
      await expect.poll(async () => (await sliderLayout(page, 'news')).perView, { message: `at ${width}px` }).toBe(perView)
    }
    await page.getByRole('link', { name: 'Все новости' }).click()
    await expect(page).toHaveURL(/\/news\/$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Новости' })).toBeVisible()
    expect(await page.locator('[data-block="news-list"] li').count()).toBeGreaterThanOrEqual(10)
  })

  test('the arrow moves a slider by a page and the first slide leaves the view', async ({ page }) => {
    await page.goto('/')
    const slider = page.locator('[data-slider="products-hits"]')
    await slider.scrollIntoViewIfNeeded()
    const first = slider.locator('[data-slide]').first()
    const startX = (await first.boundingBox())!.x
    const next = slider.locator('[data-slider-next]')
    await expect(next).toBeEnabled()
    await next.click()
    await expect.poll(async () => (await first.boundingBox())!.x).toBeLessThan(startX - 100)
    await expect(slider.locator('[data-slider-prev]')).toBeEnabled()
  })

  test('#immunity opens the sets-from-experts tab of that name, with slides priced from offers', async ({ page }) => {
    await page.goto('/#immunity')
    const block = page.locator('#sets-from-experts')
    await expect(block.getByRole('tab', { name: 'Иммунитет' })).toHaveAttribute('aria-selected', 'true')
    await expect(block).toHaveAttribute('data-active-tab', 'immunity')
    const panel = block.locator('#sets-from-experts-panel-immunity')
    await expect(panel).toBeVisible()
    await expect(panel.locator('[data-set="Y"]').first()).toBeVisible()
    await expect(panel.locator('[data-price]').first()).toContainText('₽')
    await expect(block.locator('#sets-from-experts-panel-health')).toBeHidden()
  })

  test('every sets-from-experts anchor selects its tab, also when the hash changes later', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('#sets-from-experts')).toHaveAttribute('data-ready', 'Y')
    for (const anchor of ['immunity', 'beauty', 'youth', 'weight-control', 'anti-stress', 'health']) {
      await page.evaluate((a) => (window.location.hash = a), anchor)
      await expect(page.locator('#sets-from-experts')).toHaveAttribute('data-active-tab', anchor)
    }
  })

  test('#high-discounts opens the high discounts tab of mainpage-products', async ({ page }) => {
    await page.goto('/#high-discounts')
    const block = page.locator('#mainpage-products')
    await expect(block.getByRole('tab', { name: 'Высокие скидки' })).toHaveAttribute('aria-selected', 'true')
    const panel = block.locator('#mainpage-products-panel-high-discounts')
    await expect(panel.locator('[data-discount]').first()).toBeVisible()
  })

  test('switching a tab shows the loading state for 300 ms and puts the anchor in the address', async ({ page }) => {
    // A paused fake clock times the loading state to the millisecond, however busy the machine.
    await pauseClock(page)
    await page.goto('/')
    const block = page.locator('#sets-from-experts')
    await expect(block).toHaveAttribute('data-ready', 'Y')
    await block.scrollIntoViewIfNeeded()
    await block.getByRole('tab', { name: 'Красота' }).click()
    await expect(page).toHaveURL(/#beauty$/)
    await expect(block).toHaveAttribute('data-active-tab', 'beauty')
    const loading = block.locator('[data-tab-loading]')
    await expect(loading).toHaveCount(1)
    await page.clock.runFor(TAB_LOADING_MS - 1)
    await tasksRun(page)
    await expect(loading).toHaveCount(1)
    await page.clock.runFor(1)
    await expect(loading).toHaveCount(0)
    await expect(block.locator('#sets-from-experts-panel-beauty')).toBeVisible()
  })

  test('a viewed product appears in «Вы недавно смотрели» on the home page, with similar products', async ({ page }) => {
    await page.goto('/')
    const card = page.locator('#mainpage-products [data-product-id]').first()
    const productId = await card.getAttribute('data-product-id')
    const href = await card.locator('a').first().getAttribute('href')
    // The product page records the view with a POST after it has loaded; from the page cache it loads
    // fast enough for that POST to finish before goto() returns, so the wait starts first, and it waits
    // for the 'add' itself, not for the home page's own late 'get'.
    const recorded = page.waitForResponse((r) => r.url().includes('/ajax/recently-viewed/') && r.request().postData()?.includes('action=add') === true)
    await page.goto(href!)
    await recorded
    await page.goto('/')
    const block = page.locator('[data-block="recently-viewed"]')
    await expect(block).toBeVisible()
    await expect(block.locator(`[data-product-id="${productId}"]`)).toBeVisible()
    const similar = page.locator('[data-block="similar-products"] [data-product-id]')
    await expect(similar.first()).toBeVisible()
    await expect(page.locator(`[data-block="similar-products"] [data-product-id="${productId}"]`)).toHaveCount(0)
  })

  test('partners: the first 9, then «показать еще» shows the rest; the social feed loads our posts', async ({ page }) => {
    await page.goto('/')
    const list = page.locator('[data-block="distributors"] li')
    await expect(list).toHaveCount(9)
    await page.getByRole('button', { name: 'показать еще' }).click()
    expect(await list.count()).toBeGreaterThan(9)
    await page.locator('[data-block="social-feed"]').scrollIntoViewIfNeeded()
    await expect(page.locator('[data-block="social-feed"] img').first()).toBeVisible()
    await noSidewaysScroll(page)
  })

  test('the featured slider’s button adds one unit, then shows the quantity and leads to the cart', async ({ page }) => {
    await page.goto('/')
    const slider = page.locator('[data-slider="featured"]')
    await slider.hover()
    const button = slider.locator('[data-featured-cart]').first()
    await expect(button).toHaveText('В корзину')
    await button.click()
    await expect(button).toHaveText('В корзине: 1 шт.')
    await button.click()
    await expect(page).toHaveURL(/\/personal\/cart\/$/)
  })
})

test.describe('encyclopedia', () => {
  test('tabs change the hash without reloading and load each section’s letters', async ({ page }) => {
    await page.goto('/encyclopedia/')
    await expect(page.getByRole('tab', { name: 'Все ингредиенты' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.locator('[data-letter]').first()).toBeVisible()
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same-page'))
    const answer = page.waitForResponse((r) => r.url().includes('/ajax/get-enc-elements/'))
    await page.getByRole('tab', { name: 'Минералы' }).click()
    expect((await answer).status()).toBe(200)
    await expect(page).toHaveURL(/\/encyclopedia\/#mineraly$/)
    await expect(page.getByRole('tab', { name: 'Минералы' })).toHaveAttribute('aria-selected', 'true')
    const zinc = page.locator('[data-letter="Ц"]').getByRole('link', { name: 'Цинк' })
    await expect(zinc).toHaveAttribute('href', '/encyclopedia/item/tsink/')
    await expect(page.getByRole('link', { name: 'Мелатонин' })).toHaveCount(0)
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same-page')

    await page.getByRole('tab', { name: 'Растительные экстракты' }).click()
    await expect(page).toHaveURL(/#rastitelnye-ekstrakty$/)
    await page.goBack()
    await expect(page).toHaveURL(/#mineraly$/)
    await expect(page.getByRole('tab', { name: 'Минералы' })).toHaveAttribute('aria-selected', 'true')
    await noSidewaysScroll(page)
  })

  test('opening the page with a section hash selects that tab', async ({ page }) => {
    await page.goto('/encyclopedia/#vitaminy')
    await expect(page.getByRole('tab', { name: 'Витамины' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('link', { name: /^Витамин D3/ })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Цинк' })).toHaveCount(0)
  })

  test('an element page has its text and products containing the ingredient', async ({ page }) => {
    await page.goto('/encyclopedia/item/tsink/')
    await expect(page.getByRole('heading', { level: 1, name: 'Цинк' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Зачем нужен организму' })).toBeVisible()
    await expect(page.locator('[data-block="ingredient-products"] [data-product-id]').first()).toBeVisible()
    await page.getByRole('link', { name: 'Минералы' }).click()
    await expect(page).toHaveURL(/\/encyclopedia\/#mineraly$/)
    await expect(page.getByRole('tab', { name: 'Минералы' })).toHaveAttribute('aria-selected', 'true')
  })

  test('a product’s composition tab links its ingredients back to the encyclopedia', async ({ page }) => {
    await page.goto('/catalog/immunitet/p1-tsink-khelat-solgar/#composition')
    const links = page.locator('[data-block="ingredient-links"]')
    await expect(links).toBeVisible()
    await expect(links.getByRole('link', { name: 'Мелатонин' })).toHaveCount(0)
    await links.getByRole('link', { name: 'Цинк' }).click()
    await expect(page).toHaveURL(/\/encyclopedia\/item\/tsink\/$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Цинк' })).toBeVisible()
  })
})

test.describe('health articles', () => {
  test('the health-professional gate: «Нет» goes back in history', async ({ page }) => {
    await page.goto('/news/')
    await page.goto('/health/item/omega-3-dlya-serdtsa/')
    const gate = page.getByRole('alertdialog')
    await expect(gate).toBeVisible()
    await expect(gate).toContainText('Вы являетесь квалифицированным медицинским специалистом?')
    await gate.getByRole('button', { name: 'Нет' }).click()
    await expect(page).toHaveURL(/\/news\/$/)
  })

  test('the health-professional gate: «Да» closes it for the rest of the visit', async ({ page }) => {
    await page.goto('/health/item/omega-3-dlya-serdtsa/')
    const gate = page.getByRole('alertdialog')
    await gate.getByRole('button', { name: 'Да' }).click()
    await expect(gate).toBeHidden()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Омега-3 для сердца: что говорят исследования')
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
  })

  test('an ordinary article has no gate; it shows expert, accordions, tags, rating and 4 recommendations', async ({ page }) => {
    await page.goto('/health/item/vitamin-d-zimoy/')
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
    await expect(page.locator('[data-block="expert"]')).toContainText('Анна Иванова')
    const question = page.locator('[data-block="accordion"] summary').first()
    await question.click()
    await expect(page.locator('[data-block="accordion"] details').first()).toHaveAttribute('open', '')
    await expect(page.locator('[data-block="tag-cloud"]').getByRole('link', { name: '#Витамины' })).toBeVisible()
    await expect(page.getByTestId('article-rating')).toBeVisible()
    const recommendations = page.locator('[data-recommendation]')
    await expect(recommendations.locator('visible=true')).toHaveCount(4)
    await page.getByRole('button', { name: 'Показать все' }).click()
    expect(await recommendations.locator('visible=true').count()).toBeGreaterThan(4)
    await noSidewaysScroll(page)
  })

  test('the fito filter: category, search text, order and reset', async ({ page }) => {
    await page.goto('/health/additionals/')
    const items = page.locator('[data-material]')
    const total = await items.count()
    expect(total).toBeGreaterThanOrEqual(20)
    await page.getByLabel('Категория материала').selectOption('Исследования')
    await expect.poll(() => items.count()).toBeLessThan(total)
    await expect(items.first()).toContainText('Исследования')
    await page.getByLabel('Категория материала').selectOption('')
    await page.getByLabel('Поиск по материалам').fill('стресс МАГНИЙ')
    await expect(items).toHaveCount(1)
    await expect(items.first()).toContainText('Магний и стресс')
    await page.getByLabel('Поиск по материалам').fill('')
    const newest = await items.first().getAttribute('data-material')
    await page.getByLabel('Сортировка').selectOption('ASC')
    await expect(items.first()).not.toHaveAttribute('data-material', newest!)
    await page.getByRole('button', { name: 'Сбросить' }).click()
    await expect(items).toHaveCount(total)
    await expect(items.first()).toHaveAttribute('data-material', newest!)
    await noSidewaysScroll(page)
  })
})
