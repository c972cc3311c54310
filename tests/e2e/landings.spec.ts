import { expect, test, type Page } from './test'
import { requestsHeard } from './timing'

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1440) < 768

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(1)
}

async function acceptCookies(page: Page) {
  const ok = page.getByRole('region', { name: 'Уведомление о cookie' }).getByRole('button')
  if (await ok.isVisible().catch(() => false)) await ok.click()
}

test.describe('product landing', () => {
  test('shows sliders once every price is loaded; a missing price shows "-" without a buy button', async ({ page }) => {
    const prices: string[] = []
    page.on('request', (r) => r.url().includes('/ajax/product/get-price/') && prices.push(r.postData() ?? ''))
    await page.goto('/landing/omega-3/')
    await expect(page.getByRole('heading', { level: 1, name: 'Омега-3 1000 мг' })).toBeVisible()
    const centered = page.locator('[data-block="products-slider-centered"]')
    await expect(centered.locator('[data-landing-product]').first()).toBeVisible({ timeout: 20_000 })
    await expect(page.locator('[data-prices-loading]')).toHaveCount(0)
    expect(prices.length).toBeGreaterThanOrEqual(5)
    // p1-nattokinaza-100-now is out of stock in the seed.
    const outOfStock = centered.locator('[data-landing-product]').filter({ hasText: 'Наттокиназа' })
    await expect(outOfStock.locator('[data-landing-price]')).toHaveText('-')
    await expect(outOfStock.getByRole('button', { name: 'Купить' })).toHaveCount(0)
    const buyable = centered.locator('[data-landing-product]').filter({ hasText: 'Коэнзим Q10' })
    await expect(buyable.locator('[data-landing-price]')).toContainText('₽')
    await expect(buyable.getByRole('button', { name: 'Купить' })).toHaveCount(1)
    await noSidewaysScroll(page)
  })

  test('"Смотреть все" opens the reviews tab; about accordions keep one open', async ({ page }) => {
    await page.goto('/landing/kollagen/')
    await expect(page.locator('[data-reviews-all]')).toHaveAttribute('href', /^\/catalog\/[^/]+\/p1-kollagen-morskoy-evalar\/#reviews$/)
    const about = page.locator('[data-accordion="about-kollagen"]')
    const buttons = about.getByRole('button')
    await expect(buttons.nth(0)).toHaveAttribute('aria-expanded', 'true')
    await buttons.nth(2).click()
    await expect(buttons.nth(2)).toHaveAttribute('aria-expanded', 'true')
    await expect(buttons.nth(0)).toHaveAttribute('aria-expanded', 'false')
    await buttons.nth(2).click()
    await expect(about.locator('[aria-expanded="true"]')).toHaveCount(0)
  })
})

test.describe('weight-loss programme', () => {
  test('the test walks to the stage by goal; age and weight are checked', async ({ page }) => {
    await page.goto('/turboslim/')
    await acceptCookies(page)
    const submit = page.locator('[data-test-submit]')
    if (isMobile(page)) {
      const test_ = page.locator('[data-turbo-test="mobile"]')
      await expect(test_).toHaveAttribute('data-step', '1')
      const answers = ['Сбросить 5 кг и более', 'Офис, сидячая работа', '6–8 часов', '3 раза в день', '1–2 тренировки в неделю']
      for (const [i, label] of answers.entries()) {
        await test_.getByText(label, { exact: true }).click()
        // While the slide moves, navigation is blocked.
        await expect(test_).toHaveAttribute('data-moving', 'Y')
        await expect(test_.getByRole('button', { name: 'Далее' })).toBeDisabled()
        await expect(test_.getByRole('button', { name: 'Назад' })).toBeDisabled()
        await expect(test_).toHaveAttribute('data-step', String(i + 2))
      }
      await expect(test_).toHaveAttribute('data-moving', 'N')
    } else {
      const test_ = page.locator('[data-turbo-test="desktop"]')
      await expect(test_.locator('[data-test-question]')).toHaveCount(5)
      for (const label of ['Сбросить 5 кг и более', 'Офис, сидячая работа', '6–8 часов', '3 раза в день', '1–2 тренировки в неделю']) {
        await test_.getByText(label, { exact: true }).click()
      }
    }
    await expect(submit).toBeDisabled()
    const age = page.locator('input[name="age"]')
    const weight = page.locator('input[name="weight"]')
    await age.fill('17')
    await expect(page.getByText('Недопустимое значение')).toHaveCount(1)
    await age.fill('0')
    await expect(page.getByText('Недопустимое значение')).toHaveCount(0)
    await age.fill('34')
    await weight.fill('39')
    await expect(page.getByText('Недопустимое значение')).toHaveCount(1)
    await expect(submit).toBeDisabled()
    await weight.fill('82a')
    await expect(weight).toHaveValue('82')
    await expect(submit).toBeEnabled()
    await submit.click()
    const result = page.locator('[data-turbo-result]')
    await expect(result).toHaveAttribute('data-turbo-result', '2')
    await expect(result.locator('[data-turbo-claim]')).toHaveText('до -5 кг за месяц')
    await expect(result.locator('[data-turbo-image]')).toHaveAttribute('src', '/images/turbo/stage-2.svg')
    // The shared stage drives the steps tabs and the footer tabs.
    await expect(page.locator('[data-steps-tabs]').getByRole('tab', { name: 'Сжигание жиров' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.locator('[data-footer-tabs]').getByRole('tab', { name: 'Этап 2' })).toHaveAttribute('aria-selected', 'true')
    await page.locator('[data-footer-tabs]').getByRole('tab', { name: 'Этап 3' }).click()
    await expect(page.locator('[data-steps-tabs]').getByRole('tab', { name: 'Сохранение результатов' })).toHaveAttribute('aria-selected', 'true')
    await noSidewaysScroll(page)
  })

  test('the filter strip starts on the first filter and creates a carousel on first use', async ({ page }) => {
    await page.goto('/turboslim/')
    const strip = page.locator('[data-filter-strip]')
    await expect(strip.getByRole('tab').first()).toHaveAttribute('aria-selected', 'true')
    await expect(page.locator('[data-filter-carousel]')).toHaveCount(1)
    await expect(page.locator('[data-filter-carousel="burn"]')).toHaveCount(0)
    await strip.locator('[data-filter="burn"]').click()
    await expect(page.locator('[data-filter-carousel="burn"]')).toBeVisible()
    await expect(page.locator('[data-filter-carousel="all"]')).toBeHidden()
    await strip.locator('[data-filter="all"]').click()
    await expect(page.locator('[data-filter-carousel]')).toHaveCount(2)
    await expect(page.locator('[data-filter-carousel="burn"]')).toBeHidden()
  })

  test('product details open in a modal with size and flavour switchers', async ({ page }) => {
    await page.goto('/turboslim/')
    await acceptCookies(page)
    await page.locator('[data-filter="drinks"]').click()
    await page.locator('[data-filter-carousel="drinks"] [data-details]').filter({ hasText: 'L-карнитин жидкий' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('heading', { name: 'L-карнитин жидкий 3000 мг' })).toBeVisible()
    const cherry = dialog.getByRole('button', { name: 'Вишня' })
    await cherry.click()
    await expect(cherry).toHaveAttribute('aria-pressed', 'true')
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('hidden')
    await dialog.getByRole('button', { name: 'Закрыть' }).click()
    await expect(dialog).toBeHidden()
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('')
  })
})

test.describe('meal plan', () => {
  test('starts on step 1; the recipe modal sums calories and locks scroll', async ({ page }) => {
    await page.goto('/turboslim/menu/')
    await acceptCookies(page)
    await expect(page.locator('[data-meal-plan]')).toHaveAttribute('data-turbo-step', '1')
    await page.locator('[data-food]').filter({ hasText: 'Овсянка с ягодами' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: 'Овсянка с ягодами' })).toBeVisible()
    // 175.5 + 28.5 + 32.9 = 236.9 → 236
    await expect(dialog.locator('[data-recipe-total]')).toHaveText('236 ккал')
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('hidden')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('')
  })

  test('the product modal switches flavour; one video plays at a time', async ({ page }) => {
    await page.goto('/turboslim/menu/')
    await acceptCookies(page)
    await page.locator('[data-open-product]').filter({ hasText: 'Белковый коктейль' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.locator('[data-product-modal]')).toBeVisible()
    await dialog.getByRole('button', { name: 'Шоколад' }).click()
    await expect(dialog.getByRole('button', { name: 'Шоколад' })).toHaveAttribute('aria-pressed', 'true')
    await dialog.getByRole('button', { name: 'Состав и описание' }).click()
    await expect(dialog.locator('[data-product-info]')).toBeVisible()
    await dialog.getByRole('button', { name: 'Закрыть' }).click()
    await expect(dialog).toBeHidden()

    await page.locator('[data-step-tab="2"]').click()
    await page.locator('[data-kind-tab="video"]').click()
    const videos = page.locator('[data-video]')
    await videos.nth(0).getByRole('button').click()
    await expect(page.locator('[data-video-playing]')).toHaveCount(1)
    await videos.nth(1).getByRole('button').click({ force: true })
    await expect(page.locator('[data-video-playing]')).toHaveCount(1)
    await expect(videos.nth(1).locator('[data-video-playing]')).toHaveCount(1)
    // Leaving the video tab disposes the players.
    await page.locator('[data-kind-tab="menu"]').click()
    await page.locator('[data-kind-tab="video"]').click()
    await expect(page.locator('[data-video-playing]')).toHaveCount(0)
  })

  test('the step e-mail form sends nothing when empty and confirms a real address', async ({ page }) => {
    const sent: string[] = []
    page.on('request', (r) => r.url().includes('/ajax/turboslim/form/sub') && sent.push(r.postData() ?? ''))
    await page.goto('/turboslim/menu/')
    await acceptCookies(page)
    const form = page.locator('[data-turbo-form]')
    await form.getByRole('textbox').fill('   ')
    await form.getByRole('button', { name: 'ОТПРАВИТЬ' }).click()
    await requestsHeard(page)
    expect(sent).toHaveLength(0)
    await form.getByRole('textbox').fill(`plan-${Date.now()}@example.ru`)
    await form.getByRole('button', { name: 'ОТПРАВИТЬ' }).click()
    await expect(form.getByRole('button', { name: 'ОТПРАВЛЕНО!' })).toBeVisible()
    await expect(form.getByRole('textbox')).toHaveValue('')
    expect(sent).toHaveLength(1)
    expect(sent[0]).toContain('step=1')
  })
})

test.describe('B2B', () => {
  test('programme request: field messages, interests alert, visible server error, success', async ({ page }) => {
    await page.goto('/b2b/')
    await acceptCookies(page)
    const form = page.locator('[data-b2b-form]')
    const send = form.getByRole('button', { name: 'Отправить заявку' })
    await send.click()
    await expect(form.getByText('Обязательное поле')).toHaveCount(3)
    await form.locator('input[name="UF_NAME"]').fill('Ирина')
    await form.locator('input[name="UF_PHONE"]').fill('91234')
    await form.locator('input[name="UF_EMAIL"]').fill('hr@')
    await send.click()
    await expect(form.locator('[data-field-error="UF_PHONE"]')).toHaveText('Номер некорректен')
    await expect(form.locator('[data-field-error="UF_EMAIL"]')).toHaveText('Email некорректен')
    await form.locator('input[name="UF_PHONE"]').fill('9123456789')
    await expect(form.locator('input[name="UF_PHONE"]')).toHaveValue('+7 (912) 345-67-89')
    await form.locator('input[name="UF_EMAIL"]').fill('hr@firma.ru')
    await form.locator('select[name="UF_QUANTITY"]').selectOption('более 3000')
    const alerts: string[] = []
    page.once('dialog', (dialog) => {
      alerts.push(dialog.message())
      void dialog.accept()
    })
    await send.click()
    await expect.poll(() => alerts).toEqual(['Пожалуйста, отметьте хотя бы один интерес.'])
    await form.getByLabel('Лекции и вебинары').check()
    await page.route('**/ajax/b2bprogram/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' }))
    await send.click()
    await expect(form.locator('[data-b2b-error]')).toHaveText('Произошла ошибка, попробуйте повторить попытку позже.')
    await page.unroute('**/ajax/b2bprogram/**')
    await send.click()
    await expect(page.locator('[data-b2b-sent]')).toContainText('Спасибо! Заявка отправлена.')
  })

  test('webinars: first 3, more on request, registration with bad then good input', async ({ page }) => {
    await page.goto('/b2b/')
    await acceptCookies(page)
    const calendar = page.locator('[data-webinars]')
    await expect(calendar.locator('[data-webinar]')).toHaveCount(3)
    await calendar.getByRole('button', { name: 'Показать ещё' }).click()
    expect(await calendar.locator('[data-webinar]').count()).toBeGreaterThan(3)
    await calendar.locator('[data-webinar]').first().getByRole('button', { name: 'Зарегистрироваться' }).click()
    const modal = page.getByRole('dialog', { name: 'Регистрация на вебинар' })
    await modal.getByRole('button', { name: 'Зарегистрироваться' }).click()
    await expect(modal.getByText('Обязательное поле')).toHaveCount(3)
    await modal.locator('input[name="UF_NAME"]').fill('Олег')
    await modal.locator('input[name="UF_PHONE"]').fill('9001234567')
    await modal.locator('input[name="UF_EMAIL"]').fill(`oleg-${Date.now()}@firma.ru`)
    await modal.getByRole('button', { name: 'Зарегистрироваться' }).click()
    const thanks = page.getByRole('dialog', { name: 'Спасибо за регистрацию!' })
    await expect(thanks.locator('[data-webinar-thanks]')).toBeVisible()
    await thanks.getByRole('button', { name: 'Хорошо' }).click()
    await expect(thanks).toBeHidden()
  })
})

test.describe('eco', () => {
  test('the eco-box map opens on Moscow and reloads its points on city change', async ({ page }) => {
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort())
    await page.goto('/eco/eco-box/')
    const map = page.locator('[data-eco-map]')
    await expect(map).toHaveAttribute('data-city', 'Москва')
    await expect(map.locator('[data-eco-point]')).toHaveCount(5)
    // Zoom 12 on the points' average: markers far from the centre may fall outside a narrow map.
    await expect(map.locator('.leaflet-marker-icon').first()).toBeVisible()
    const call = page.waitForRequest((r) => r.url().includes('/ajax/get-eco-boxes/') && (r.postData() ?? '').includes('city='))
    await map.locator('select[name="city"]').selectOption('Казань')
    expect((await call).postData()).toContain(`city=${encodeURIComponent('Казань')}`)
    await expect(map.locator('[data-eco-point]')).toHaveCount(2)
    await expect(map.locator('[data-eco-point]').first()).toContainText('Казань')
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(2)
    await noSidewaysScroll(page)
  })

  test('eco pages and the actions slider link to each project', async ({ page }) => {
    await page.goto('/eco/')
    await expect(page.getByRole('heading', { level: 1, name: 'Эко-проекты' })).toBeVisible()
    for (const slug of ['eco-box', 'eco-irbis', 'eco-plants', 'eco-animals']) {
      await expect(page.locator(`[data-eco-action="${slug}"]`)).toHaveAttribute('href', `/eco/${slug}/`)
    }
    await page.goto('/eco/eco-irbis/')
    await expect(page.getByRole('heading', { level: 1, name: 'Сохраним снежного барса' })).toBeVisible()
  })
})

test.describe('split payment and pharmacy finder', () => {
  test('the split-payment page shows the schedule and expands answers', async ({ page }) => {
    await page.goto('/dolyami/')
    await expect(page.locator('[data-split-amount]')).toHaveCount(4)
    await expect(page.locator('[data-split-amount]').first()).toHaveText(/2\s040\s₽/)
    const faq = page.locator('[data-split-faq] details')
    await faq.nth(3).locator('summary').click()
    await expect(faq.nth(3)).toContainText('14 дней')
    await expect(page.locator('[data-split-contacts]')).toContainText('help@dolyame.ru')
    await noSidewaysScroll(page)
  })

  test('the pharmacy finder refuses missing products and lists partners for the chosen one', async ({ page }) => {
    await page.goto('/pharmacy-finder/')
    await expect(page.locator('[data-finder-error]')).toHaveText('Виджет аптек: укажите productId или productIds')
    await page.goto('/landing/omega-3/')
    // Prices load one by one before the sliders show; give a slow machine time.
    await expect(page.locator('[data-block="products-slider"] [data-landing-product]').first()).toBeVisible({ timeout: 20_000 })
    const ids = await page.locator('[data-block="products-slider"] [data-landing-product]').evaluateAll((els) => els.map((e) => e.getAttribute('data-landing-product')))
    await page.goto(`/pharmacy-finder/?productIds=${ids.slice(0, 3).join(',')}&productId=${ids[1]}&utm_source=test`)
    await expect(page.locator('[data-pharmacy-finder]')).toHaveAttribute('data-pharmacy-finder', String(ids[1]))
    await page.locator('select[name="product"]').selectOption(String(ids[0]))
    await expect(page.locator('[data-pharmacy-finder]')).toHaveAttribute('data-pharmacy-finder', String(ids[0]))
    const script = await page.request.get('/pharmacy-finder/loader.js')
    expect(script.headers()['content-type']).toContain('javascript')
    expect(await script.text()).toContain('VitamarketPharmacyFinder')
  })
})
