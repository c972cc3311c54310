import { expect, test } from './test'

test.describe('page shell', () => {
  test('home page has the header, footer with legal links and no sideways scroll', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
    await expect(page.getByRole('link', { name: 'Витамаркет — на главную' })).toBeVisible()
    const header = page.locator('header')
    await expect(header.getByRole('button', { name: 'Корзина' })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Избранное' })).toBeVisible()
    const footer = page.locator('footer')
    for (const href of [
      '/about/politika_obrabotki/',
      '/about/dogovor_publichnoy_oferty/',
      '/about/about_personal_data/',
      '/about/politika_konfidentsialnosti/',
    ]) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1)
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(1)
  })

  test('legal pages carry the shop’s own text', async ({ page }) => {
    await page.goto('/about/dogovor_publichnoy_oferty/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Договор публичной оферты')
    await expect(page.getByText('Витамаркет').first()).toBeVisible()
  })

  test('an unknown address answers 404 with a way back', async ({ page }) => {
    const response = await page.goto('/no-such-page/')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'В каталог' })).toBeVisible()
  })

  test('a product that is not there answers 404 inside the shop frame, drawn once', async ({ page }) => {
    const response = await page.goto('/catalog/vitaminy-i-mineraly/no-such-product/')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible()
    await expect(page.getByRole('banner')).toHaveCount(1)
    await expect(page.getByRole('contentinfo')).toHaveCount(1)
  })

  test('a page carries the shop frame once in its HTML and once in its payload, not in a 404 boundary too (ADR 180)', async ({ request }) => {
    for (const path of ['/', '/catalog/']) {
      const html = await (await request.get(path)).text()
      expect(html.split('Перейти к содержимому').length - 1, path).toBe(2)
    }
  })

  test('the cookie banner stays away for a year after OK', async ({ page, context }) => {
    await context.clearCookies({ name: 'cookie_consent' })
    await page.goto('/')
    const banner = page.getByRole('region', { name: 'Уведомление о cookie' })
    await expect(banner).toBeVisible()
    await banner.getByRole('button', { name: 'OK' }).click()
    await expect(banner).toBeHidden()
    const consent = (await context.cookies()).find((c) => c.name === 'cookie_consent')
    expect(consent?.value).toBe('Y')
    expect((consent?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 86400)
    await page.reload()
    await expect(page.getByRole('link', { name: 'Каталог' }).first()).toBeVisible()
    await expect(banner).toBeHidden()
  })

  test('the first page gives an HttpOnly session and a readable sessid; headers are safe', async ({ page, context }) => {
    const response = await page.goto('/')
    const cookies = await context.cookies()
    const sid = cookies.find((c) => c.name === 'vm_sid')
    const sessid = cookies.find((c) => c.name === 'vm_sessid')
    expect(sid?.httpOnly).toBe(true)
    expect(sid?.sameSite).toBe('Lax')
    expect(sessid?.httpOnly).toBe(false)
    expect(await page.evaluate(() => document.cookie)).toContain('vm_sessid=')
    expect(await page.evaluate(() => document.cookie)).not.toContain('vm_sid=')
    const headers = response?.headers() ?? {}
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['content-security-policy']).toContain("default-src 'self'")
    expect(headers['referrer-policy']).toBeTruthy()
  })

  test('healthz reports the database', async ({ request }) => {
    const res = await request.get('/healthz/')
    expect(res.status()).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok', db: 'ok' })
  })
})
