import { expect, test } from './test'

/**
 * Addresses without their trailing slash: one redirect to the slash form with the query kept, never a
 * redirect to themselves (which Chromium shows as ERR_TOO_MANY_REDIRECTS); calls keep working unredirected.
 */
const ADDRESSES = ['/catalog', '/personal/cart', '/brands', '/about/cookie', '/ajax/turboslim/food-modal/1']
const QUERY = '?utm_source=mail&sort=price'

for (const address of ADDRESSES) {
  test(`${address} answers one redirect to ${address}/ with its query`, async ({ page, request }) => {
    const first = await request.get(`${address}${QUERY}`, { maxRedirects: 0 })
    expect(first.status()).toBe(308)
    expect(new URL(first.headers()['location'] ?? '', 'http://x').pathname + new URL(first.headers()['location'] ?? '', 'http://x').search).toBe(
      `${address}/${QUERY}`,
    )
    const response = await page.goto(`${address}${QUERY}`)
    expect(response?.status()).toBe(200)
    expect(new URL(page.url()).pathname).toBe(`${address}/`)
    expect(new URL(page.url()).search).toBe(QUERY)
  })
}

test('a call posted without the slash is answered without a redirect', async ({ page }) => {
  await page.goto('/')
  const answer = await page.evaluate(async () => {
    const sessid = decodeURIComponent(/(?:^|; )vm_sessid=([^;]*)/.exec(document.cookie)?.[1] ?? '')
    const res = await fetch('/ajax/basket', {
      method: 'POST',
      body: new URLSearchParams({ ACTION: 'GetBasket', sessid }),
      redirect: 'manual',
    })
    return { status: res.status, redirected: res.redirected, type: res.type }
  })
  expect(answer).toEqual({ status: 200, redirected: false, type: 'basic' })
})
