import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { POST as vkontakte } from '@/app/ajax/vkontakte/route'
import { db } from '@/db/client'
import { offers, showcaseTabs } from '@/db/schema'
import { clearCache } from '@/lib/cache'
import { formPost, newVisitor } from '../../../tests/support/http'
import { mainpageProductTabs, setsFromExperts } from './showcases.server'

describe('POST /ajax/vkontakte/', () => {
  it('GET=Y answers our stored posts with link and img, newest first', async () => {
    const res = await vkontakte(formPost('/ajax/vkontakte/', { GET: 'Y' }, newVisitor()))
    expect(res.status).toBe(200)
    const posts = (await res.json()) as { link: string; img: string }[]
    expect(posts.length).toBeGreaterThanOrEqual(6)
    expect(posts[0]!.img).toMatch(/^\/upload\/content\/social\//)
    expect(posts[0]!.link).toMatch(/^https:\/\/vk\.com\//)
  })

  it('anything else than GET=Y is a 400', async () => {
    const res = await vkontakte(formPost('/ajax/vkontakte/', { GET: 'N' }, newVisitor()))
    expect(res.status).toBe(400)
  })
})
describe('showcases', () => {
  it('sets-from-experts has the six anchored tabs, slides priced from their offers', async () => {
    const banger = await setsFromExperts()
    expect(Object.values(banger).map((t) => t.anchor)).toEqual(['health', 'immunity', 'beauty', 'youth', 'weight-control', 'anti-stress'])
    const slide = banger['Иммунитет']!.slides[0]!
    const [offer] = await db().select().from(offers).where(eq(offers.id, slide.OFFER_ID))
    expect(slide.price).toBe(offer!.price / 100)
    expect(slide).toHaveProperty('SET')
    expect(slide).toHaveProperty('DISCOUNT_PICTURE')
  })

  it('a manager’s change to the showcase rows shows on the home data (no code change)', async () => {
    const [tab] = await db().select().from(showcaseTabs).where(eq(showcaseTabs.anchor, 'beauty'))
    await db().update(showcaseTabs).set({ title: 'Сияние', active: true }).where(eq(showcaseTabs.id, tab!.id))
    clearCache()
    expect(Object.keys(await setsFromExperts())).toContain('Сияние')
  })

  it('the high-discounts tab lists products by their best discount, at least 15 %', async () => {
    const tabs = await mainpageProductTabs()
    const high = tabs.find((t) => t.anchor === 'high-discounts')!
    expect(high.productIds.length).toBeGreaterThan(0)
    for (const id of high.productIds) {
      const rows = await db().select().from(offers).where(eq(offers.productId, id))
      const best = Math.max(...rows.map((o) => (o.oldPrice && o.oldPrice > o.price ? Math.round(((o.oldPrice - o.price) * 100) / o.oldPrice) : 0)))
      expect(best).toBeGreaterThanOrEqual(15)
    }
  })
})
