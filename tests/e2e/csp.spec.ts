import { expect, test, type Page } from './test'

/**
 * Hole 9 of the production-safety issue (ADR 157): every page carries a policy with a fresh nonce,
 * Next's own scripts run by it, and a script injected into the HTML does not.
 */
const INJECTED = '<script>window.__injected = true</script><img src="/missing.png" onerror="window.__handler = true">'

/** Serves the home page with markup injected, keeping (or dropping) the shop's own headers. */
async function injectInto(page: Page, keepPolicy: boolean): Promise<void> {
  await page.route('**/', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue()
    const response = await route.fetch()
    const headers = { ...response.headers() }
    if (!keepPolicy) delete headers['content-security-policy']
    const html = (await response.text()).replace('<main', `${INJECTED}<main`)
    await route.fulfill({ response, headers, body: html })
  })
}

test.describe('content security policy', () => {
  test('a fresh nonce for every render, on the policy and on Next’s scripts', async ({ page, request }) => {
    const nonceOf = (policy: string | undefined) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1]
    // The cart is rendered per request: a new nonce each time.
    const [first, second] = await Promise.all([request.get('/personal/cart/'), request.get('/personal/cart/')])
    const a = nonceOf(first.headers()['content-security-policy'])
    const b = nonceOf(second.headers()['content-security-policy'])
    expect(a).toBeTruthy()
    expect(a).not.toBe(b)
    expect(first.headers()['content-security-policy']).not.toContain("'unsafe-inline' ;")
    expect(first.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/)
    expect(await first.text()).toContain(`nonce="${a}"`)
    // A page from the full-page cache carries its render's nonce on the policy and the scripts alike (ADR 161).
    const cached = await request.get('/')
    const c = nonceOf(cached.headers()['content-security-policy'])
    expect(c).toBeTruthy()
    expect(await cached.text()).toContain(`nonce="${c}"`)

    // The page still works: its scripts ran (the header cart opens).
    await page.goto('/')
    await page.locator('header').getByRole('button', { name: 'Корзина' }).click()
    await expect(page.getByRole('region', { name: 'Корзина' })).toBeVisible()
  })

  test('an injected script and event handler do not run', async ({ page }) => {
    await injectInto(page, true)
    const violations: string[] = []
    page.on('console', (m) => m.text().includes('Content Security Policy') && violations.push(m.text()))
    await page.goto('/')
    await expect.poll(() => violations.length).toBeGreaterThan(0)
    expect(await page.evaluate(() => [Reflect.get(window, '__injected'), Reflect.get(window, '__handler')])).toEqual([undefined, undefined])
  })

  test('negative control: without the policy the same injection runs', async ({ page }) => {
    await injectInto(page, false)
    await page.goto('/')
    await expect.poll(() => page.evaluate(() => Reflect.get(window, '__injected') === true && Reflect.get(window, '__handler') === true)).toBe(true)
  })
})
