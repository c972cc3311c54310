import { randomUUID } from 'node:crypto'
import { expect, test } from '../test'
import sharp from 'sharp'
import { newStaff } from './admin-kit'

/**
 * ADR 209 (issue 20): a card that «ПОКАЗАТЬ ЕЩЁ» appends carries its uploaded picture's sizes as an
 * `srcset`, as the cards the server renders do (ADR 205). A brand of its own with thirteen products
 * puts the one with the picture (the last made, so the last in the list's order) on the second page.
 */
type PictureList = { pictures: { urls: { thumb: string; card: string; gallery: string } }[] }

test("a card appended by «ПОКАЗАТЬ ЕЩЁ» has the uploaded picture's srcset", async ({ page, baseURL }) => {
  test.setTimeout(90_000)
  const suffix = randomUUID().slice(0, 8)
  const headers = { origin: new URL(baseURL!).origin }
  const staff = await newStaff(page.request, 'content')
  expect((await page.request.post('/api/admin/session/', { data: staff, headers })).ok()).toBe(true)

  const brand = await page.request.post('/api/admin/brands/', {
    headers,
    data: { name: `Бренд ${suffix}`, code: `brand-${suffix}` },
  })
  expect(brand.ok(), await brand.text()).toBe(true)
  const brandId = ((await brand.json()) as { id: number }).id
  const list = (await (await page.request.get('/api/admin/products/?state=published')).json()) as {
    items: { id: number }[]
  }
  const model = (await (await page.request.get(`/api/admin/products/${list.items.at(-1)!.id}/`)).json()) as {
    sectionIds: number[]
  }

  const ids: number[] = []
  for (let i = 1; i <= 13; i++) {
    const created = await page.request.post('/api/admin/products/', {
      headers,
      data: {
        name: `Витамин ${suffix} №${i}`,
        code: `show-more-${suffix}-${i}`,
        sectionIds: model.sectionIds,
        brandId,
        form: 'tablets',
        badges: [],
      },
    })
    expect(created.ok(), await created.text()).toBe(true)
    const { id } = (await created.json()) as { id: number }
    const offer = await page.request.post(`/api/admin/products/${id}/offers/`, {
      headers,
      data: {
        packageSize: 30,
        packageUnit: 'таблеток',
        sku: `SM-${suffix}-${i}`,
        price: 25_000 + i * 100,
        stock: 10,
      },
    })
    expect(offer.ok(), await offer.text()).toBe(true)
    ids.push(id)
  }
  const last = ids.at(-1)!
  const png = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#2a9d8f' } })
    .png()
    .toBuffer()
  const uploaded = await page.request.post(`/api/admin/products/${last}/pictures/`, {
    headers: { ...headers, 'content-type': 'image/png' },
    data: png,
  })
  expect(uploaded.ok(), await uploaded.text()).toBe(true)
  const { urls } = ((await uploaded.json()) as PictureList).pictures[0]!
  for (const id of ids) {
    const published = await page.request.patch(`/api/admin/products/${id}/`, {
      headers,
      data: { published: true },
    })
    expect(published.ok(), await published.text()).toBe(true)
  }
  // Sizes are never enlarged: the 900 px upload is its own widest size (ADR 205).
  const srcset = `${urls.thumb} 192w, ${urls.card} 480w, ${urls.gallery} 900w`

  await page.goto(`/brands/brand-${suffix}/`)
  const cards = page.locator('[data-product-list] article')
  await expect(cards).toHaveCount(12)
  // Control: the first page does not hold the pictured product, so the card below can only come from the JSON.
  await expect(page.locator(`[data-product-list] article[data-product-id="${last}"]`)).toHaveCount(0)

  const answer = page.waitForResponse((r) => r.url().includes('ajax=Y') && r.url().includes('PAGEN_1=2'))
  await page.locator('[data-show-more]').click()
  const json = (await (await answer).json()) as {
    ITEMS: { MAIN_PRODUCT_ID: number; OFFERS: Record<string, { PREVIEW_PICTURE_SRCSET: string }> }[]
  }
  const item = json.ITEMS.find((i) => i.MAIN_PRODUCT_ID === last)!
  expect(Object.values(item.OFFERS)[0]!.PREVIEW_PICTURE_SRCSET).toBe(srcset)

  await expect(cards).toHaveCount(13)
  const appended = page.locator(
    `[data-product-list] article[data-product-id="${last}"] img[data-card-picture]`,
  )
  await expect(appended).toHaveAttribute('src', urls.card)
  await expect(appended).toHaveAttribute('srcset', srcset)
  await expect(appended).toHaveAttribute('sizes', '(min-width: 992px) 240px, 50vw')
  // The browser picked one of the sizes for the card's box (once the lazy picture is near the screen).
  await appended.scrollIntoViewIfNeeded()
  await expect
    .poll(() => appended.evaluate((img: HTMLImageElement) => (img.currentSrc ? new URL(img.currentSrc).pathname : '')))
    .toMatch(
      new RegExp(
        `^(${[urls.thumb, urls.card, urls.gallery].map((u) => u.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`,
      ),
    )
  // The pack shots of the first page have none: one SVG has no sizes.
  await expect(
    page.locator(`[data-product-list] article[data-product-id="${ids[0]}"] img[data-card-picture]`),
  ).not.toHaveAttribute('srcset', /.+/)
})
