import { expect, test, type Page } from './test'
import { revealNearScreenBlocks } from './near-screen'

/**
 * Cards on phones: nothing inside a card (badge, title, rating, button…) is wider than the card or
 * sticks out of it, at 320 px (the narrowest phones in use) and at the project's own width. Every
 * card component carries `data-card="<kind>"`; each page below must show the kinds it names, so a
 * renamed hook cannot make this test pass by measuring nothing.
 */

const PRODUCT = '/catalog/immunitet/p1-vitamin-d3-2000-me-evalar/'

interface CardPage {
  path: string
  kinds: string[]
  /** Puts the visitor in the state the page needs (favourites, recently viewed). */
  prepare?: (page: Page) => Promise<void>
}

const PAGES: CardPage[] = [
  { path: '/', kinds: ['product', 'expert-set', 'featured', 'article', 'news', 'purpose', 'partner'] },
  {
    path: '/',
    kinds: ['seen-product'],
    // Recently viewed shows on the home page once the visitor has opened a product.
    prepare: async (page) => {
      const recorded = page.waitForResponse((r) => r.url().includes('/ajax/recently-viewed/') && r.request().postData()?.includes('action=add') === true)
      await page.goto(PRODUCT)
      await recorded
    },
  },
  { path: '/catalog/', kinds: ['product', 'purpose'] },
  { path: '/search/?q=%D0%B2%D0%B8%D1%82%D0%B0%D0%BC%D0%B8%D0%BD', kinds: ['product'] },
  {
    path: '/personal/favorites/',
    kinds: ['product'],
    prepare: async (page) => {
      await page.goto('/catalog/Importozameschenie/')
      const heart = page.locator('[data-card="product"]').first().getByRole('button', { name: 'Добавить в избранное' })
      // The counter moves at once; the favourites page shows what the server has stored.
      const stored = page.waitForResponse((r) => r.url().includes('/ajax/favorites/') && r.request().postData()?.includes('action=add') === true && r.ok())
      await heart.click()
      await stored
      await expect(page.locator('header [data-slot="header-favorites"] [data-favorites-count]')).toHaveText('1')
    },
  },
  { path: '/brands/', kinds: ['brand'] },
  { path: '/brands/evalar/', kinds: ['product'] },
  { path: '/news/', kinds: ['news'] },
  { path: '/health/additionals/', kinds: ['article'] },
  { path: '/health/item/vitamin-d-zimoy/', kinds: ['article'] },
  { path: '/encyclopedia/item/vitamin-a/', kinds: ['product'] },
  { path: '/landing/omega-3/', kinds: ['landing-product', 'review'] },
  { path: '/turboslim/', kinds: ['programme-product'] },
  { path: '/turboslim/menu/', kinds: ['landing-product'] },
  { path: '/eco/', kinds: ['eco-action'] },
  { path: '/b2b/', kinds: ['webinar', 'b2b-programme'] },
  { path: `${PRODUCT}#where-to-buy`, kinds: ['partner', 'product', 'featured'] },
]

/**
 * Runs in the page: each visible part of a card's content (elements and lines of text) that lies
 * outside the card's box by more than a pixel. Parts clipped on purpose by an element inside the card
 * (a picture frame, a clamped text) count only as far as they show.
 */
function overflowingParts(): string[] {
  const found: string[] = []
  const name = (el: Element) => {
    const kind = el.getAttribute('data-card')
    return kind ? `[data-card=${kind}]` : `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')}`
  }
  const hidden = (el: Element) => {
    const s = getComputedStyle(el)
    return s.display === 'none' || s.visibility === 'hidden'
  }
  for (const card of document.querySelectorAll('[data-card]')) {
    const box = card.getBoundingClientRect()
    if (box.width === 0 || box.height === 0 || hidden(card)) continue
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node instanceof Element ? node : node.parentElement
      if (!el) continue
      let rects: DOMRect[]
      if (node instanceof Element) rects = [node.getBoundingClientRect()]
      else {
        if (!node.textContent?.trim()) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        rects = [...range.getClientRects()]
      }
      let clip = { left: -Infinity, right: Infinity, top: -Infinity, bottom: Infinity }
      let invisible = hidden(el)
      for (let a = node instanceof Element ? el.parentElement : el; a && a !== card && !invisible; a = a.parentElement) {
        if (hidden(a)) invisible = true
        const s = getComputedStyle(a)
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
          const r = a.getBoundingClientRect()
          clip = { left: Math.max(clip.left, r.left), right: Math.min(clip.right, r.right), top: Math.max(clip.top, r.top), bottom: Math.min(clip.bottom, r.bottom) }
        }
      }
      if (invisible) continue
      for (const r of rects) {
        const left = Math.max(r.left, clip.left)
        const right = Math.min(r.right, clip.right)
        const top = Math.max(r.top, clip.top)
        const bottom = Math.min(r.bottom, clip.bottom)
        if (r.width === 0 || r.height === 0 || right <= left || bottom <= top) continue
        const out = Math.max(box.left - left, right - box.right, box.top - top, bottom - box.bottom)
        if (out > 1) {
          const what = node instanceof Element ? name(node) : `text "${node.textContent?.trim().slice(0, 40)}" in ${name(el)}`
          found.push(`${name(card)}: ${what} sticks out by ${Math.round(out)} px`)
        }
      }
    }
  }
  return [...new Set(found)]
}

async function cardsOutOfBounds(page: Page, width: number): Promise<string[]> {
  await page.setViewportSize({ width, height: 800 })
  // Layout settles in the next frame after a resize; fonts decide text widths.
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))))
  return (await page.evaluate(overflowingParts)).map((line) => `${width} px: ${line}`)
}

test.describe('cards fit their content', () => {
  for (const { path, kinds, prepare } of PAGES) {
    test(`${path}: nothing in ${kinds.join(', ')} cards sticks out at 320 px and at the page width`, async ({ page }) => {
      await page.route(/tile\.openstreetmap\.org/, (route) => route.abort())
      if (prepare) await prepare(page)
      const own = page.viewportSize()?.width ?? 375
      await page.goto(path)
      await revealNearScreenBlocks(page)
      // Cards that load after the page (recently viewed, landing prices) are waited for.
      for (const kind of kinds) await expect(page.locator(`[data-card="${kind}"]`).first()).toBeAttached({ timeout: 20_000 })
      const problems = [...(await cardsOutOfBounds(page, 320)), ...(await cardsOutOfBounds(page, own))]
      expect(problems).toEqual([])
    })
  }

  test('the measurement catches a part that sticks out (negative control)', async ({ page }) => {
    await page.goto('/brands/')
    const card = page.locator('[data-card="brand"]').first()
    await expect(card).toBeVisible()
    await card.evaluate((el) => {
      const wide = document.createElement('span')
      wide.textContent = 'ОЧЕНЬДЛИННОЕСЛОВОБЕЗПРОБЕЛОВКОТОРОЕНЕПОМЕЩАЕТСЯ'
      wide.style.whiteSpace = 'nowrap'
      el.appendChild(wide)
    })
    const problems = await cardsOutOfBounds(page, 320)
    expect(problems.some((p) => p.includes('[data-card=brand]') && p.includes('ОЧЕНЬДЛИННОЕ'))).toBe(true)
  })
})
