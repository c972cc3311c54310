import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { GET as foodModal } from '@/app/ajax/turboslim/food-modal/[id]/route'
import { GET as productModal } from '@/app/ajax/turboslim/product-modal/[id]/route'
import { POST as subscribe } from '@/app/ajax/turboslim/form/sub/route'
import { POST as getPrice } from '@/app/ajax/product/get-price/route'
import { db } from '@/db/client'
import { b2bEvents, ecoPoints, landingPages, offers, outbox, products, turboRecipes, turboSubscriptions } from '@/db/schema'
import { seedLandings } from '@/db/seed/landings'
import { formPost, newVisitor } from '../../../tests/support/http'
import { loadMealPlan, loadProductLanding, loadProgramme } from './landings.server'

async function productId(code: string): Promise<number> {
  const [row] = await db().select({ id: products.id }).from(products).where(eq(products.code, code))
  if (!row) throw new Error(`no product ${code}`)
  return row.id
}

const get = (url: string) => new Request(new URL(url, 'http://localhost:3000'))

describe('POST /ajax/product/get-price/', () => {
  it('answers the price of the first offer in stock, in roubles, with its offer', async () => {
    const id = await productId('p1-omega-3-1000-evalar')
    const res = await getPrice(formPost('/ajax/product/get-price/', { id }, newVisitor()))
    expect(res.status).toBe(200)
    const body = (await res.json()) as { id: number; price: number; offerId: number }
    const [first] = await db().select().from(offers).where(eq(offers.productId, id)).orderBy(offers.sort, offers.id).limit(1)
    expect(body.id).toBe(id)
    expect(body.price).toBe((first?.price ?? 0) / 100)
    expect(body.offerId).toBe(first?.id)
  })

  it("answers '-' for a product that cannot be bought and for an unknown id", async () => {
    const out = await productId('p1-resveratrol-200-now')
    const a = (await (await getPrice(formPost('/ajax/product/get-price/', { id: out }, newVisitor()))).json()) as { price: unknown; offerId: unknown }
    expect(a).toMatchObject({ price: '-', offerId: null })
    const b = (await (await getPrice(formPost('/ajax/product/get-price/', { id: 999999 }, newVisitor()))).json()) as { price: unknown }
    expect(b.price).toBe('-')
  })

  it('refuses a bad id with a 400 in Russian', async () => {
    const res = await getPrice(formPost('/ajax/product/get-price/', { id: 'abc' }, newVisitor()))
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toMatch(/[а-я]/i)
  })
})

describe('POST /ajax/turboslim/form/sub', () => {
  it('stores a request once per e-mail, step and type and queues one mail', async () => {
    const v = newVisitor()
    const fields = { step: 2, type: 'menu', email: ' Diet@Example.ru ', target: 'lose-5', age: '34', weight: '82' }
    expect((await subscribe(formPost('/ajax/turboslim/form/sub', fields, v))).status).toBe(200)
    expect((await subscribe(formPost('/ajax/turboslim/form/sub', fields, v))).status).toBe(200)
    const rows = await db().select().from(turboSubscriptions).where(eq(turboSubscriptions.email, 'diet@example.ru'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ step: 2, type: 'menu', extra: { target: 'lose-5', age: '34', weight: '82' } })
    const mails = (await db().select().from(outbox)).filter((m) => JSON.stringify(m.payload).includes('diet@example.ru'))
    expect(mails).toHaveLength(1)
    expect(JSON.stringify(mails[0]?.payload)).toContain('месячной программы')
  })

  it('mails the menu the form promises: the dishes of the step with their composition, all stages for the full programme', async () => {
    const mailFor = async (email: string) => {
      const rows = (await db().select().from(outbox)).map((m) => m.payload as { to: string; subject: string; text: string })
      return rows.filter((m) => m.to === email)
    }
    const send = (fields: Record<string, string | number>) => subscribe(formPost('/ajax/turboslim/form/sub', fields, newVisitor()))
    expect((await send({ step: 2, type: 'menu', email: 'month@example.ru' })).status).toBe(200)
    const [month] = await mailFor('month@example.ru')
    expect(month?.subject).toBe('Турбослим: меню месячной программы')
    for (const dish of ['Завтрак — Омлет со шпинатом', 'Обед — Курица с гречкой', 'Ужин — Творог с зеленью']) expect(month?.text).toContain(dish)
    expect(month?.text).not.toContain('Овсянка с ягодами')
    expect(month?.text).toMatch(/Состав: [^\n]+ — \d+ г/)
    // It delivers now; it does not promise a later mail.
    expect(month?.text).not.toMatch(/пришлём|в ближайшее время/i)

    expect((await send({ step: 1, type: 'menu', email: 'two-weeks@example.ru' })).status).toBe(200)
    const [twoWeeks] = await mailFor('two-weeks@example.ru')
    expect(twoWeeks?.text).toContain('Завтрак — Овсянка с ягодами (236 ккал)')
    expect(twoWeeks?.text).toContain('1. Залейте хлопья кипятком и оставьте на 5 минут.')

    expect((await send({ step: 3, type: 'video', email: 'full@example.ru' })).status).toBe(200)
    const [full] = await mailFor('full@example.ru')
    for (const dish of ['Овсянка с ягодами', 'Курица с гречкой', 'Зелёный смузи']) expect(full?.text).toContain(dish)
    expect(full?.text).toContain('— Йога для восстановления')
    expect(full?.text).toContain('/turboslim/menu/')
  })

  it('refuses an empty e-mail, a wrong step or type and writes nothing', async () => {
    const before = (await db().select().from(turboSubscriptions)).length
    for (const fields of [
      { step: 1, type: 'menu', email: '   ' },
      { step: 4, type: 'menu', email: 'a@b.ru' },
      { step: 1, type: 'pdf', email: 'a@b.ru' },
      { step: 1, type: 'video', email: 'not-an-email' },
    ]) {
      const res = await subscribe(formPost('/ajax/turboslim/form/sub', fields, newVisitor()))
      expect(res.status).toBe(400)
    }
    expect(await db().select().from(turboSubscriptions)).toHaveLength(before)
  })
})

describe('GET /ajax/turboslim/food-modal/{id}', () => {
  it('answers data.recipe with the total calories rounded down', async () => {
    const [recipe] = await db().select().from(turboRecipes).where(eq(turboRecipes.code, 'ovsyanka-s-yagodami'))
    const res = await foodModal(get(`/ajax/turboslim/food-modal/${recipe?.id}/`), { params: Promise.resolve({ id: String(recipe?.id) }) })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { recipe: { title: string; total: number; info: { cal: number }[] } }
    expect(body.recipe.title).toBe('Овсянка с ягодами')
    // 175.5 + 28.5 + 32.9 = 236.9
    expect(body.recipe.total).toBe(236)
  })

  it('answers 404 for an unknown recipe and 400 for a bad id', async () => {
    expect((await foodModal(get('/ajax/turboslim/food-modal/99999/'), { params: Promise.resolve({ id: '99999' }) })).status).toBe(404)
    expect((await foodModal(get('/ajax/turboslim/food-modal/x/'), { params: Promise.resolve({ id: 'x' }) })).status).toBe(400)
  })
})

describe('GET /ajax/turboslim/product-modal/{id}', () => {
  it('answers data.product with every offer for the size and flavour switchers', async () => {
    const id = await productId('p1-l-karnitin-zhidkiy-3000-vitamir')
    const res = await productModal(get(`/ajax/turboslim/product-modal/${id}/`), { params: Promise.resolve({ id: String(id) }) })
    expect(res.status).toBe(200)
    const { product } = (await res.json()) as {
      product: { name: string; offerId: number; instructionLink: string; offers: { offerId: number; offProp: { tasty: { value: string } | null } }[] }
    }
    expect(product.name).toBe('L-карнитин жидкий 3000 мг')
    expect(product.offers.map((o) => o.offProp.tasty?.value)).toEqual(['Ананас', 'Вишня'])
    expect(product.offers.map((o) => o.offerId)).toContain(product.offerId)
    expect(product.instructionLink).toMatch(/#instruction$/)
  })

  it('answers 404 for an unknown product', async () => {
    expect((await productModal(get('/ajax/turboslim/product-modal/999999/'), { params: Promise.resolve({ id: '999999' }) })).status).toBe(404)
  })
})

describe('landing data', () => {
  it('resolves both seeded product landings without prices in the cached page', async () => {
    for (const code of ['omega-3', 'kollagen']) {
      const landing = await loadProductLanding(code)
      expect(landing?.product?.name).toBeTruthy()
      const sliders = landing?.blocks.filter((b) => b.type === 'products-slider' || b.type === 'products-slider-centered') ?? []
      expect(sliders.length).toBeGreaterThan(0)
      for (const s of sliders) if ('products' in s) for (const p of s.products) expect(p.price).toBeNull()
    }
    expect(await loadProductLanding('nope')).toBeNull()
  })

  it('loads the programme and the meal plan with resolved products and recipes', async () => {
    const programme = await loadProgramme()
    expect(programme?.filters[0]?.id).toBe('all')
    expect(programme?.products.length).toBeGreaterThan(5)
    const plan = await loadMealPlan()
    expect(plan?.steps.map((s) => s.stage)).toEqual([1, 2, 3])
    expect(plan?.steps.every((s) => s.foods.every((f) => f.id > 0))).toBe(true)
  })
})

describe('seedLandings', () => {
  it('is idempotent: a second run adds no rows', async () => {
    const count = async () =>
      Promise.all([landingPages, turboRecipes, ecoPoints, b2bEvents].map(async (t) => (await db().select().from(t)).length))
    const before = await count()
    expect(before.every((n) => n > 0)).toBe(true)
    await seedLandings(db())
    expect(await count()).toEqual(before)
  })
})
