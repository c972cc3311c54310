import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadLandingRows, loadRecipeRows } from '@/db/seed/landings'
import { mealPlanData, productLandingData, programmeData, recipeData } from './landing-data'
import { totalCalories } from './turbo'

const schemaFor = { product: productLandingData, programme: programmeData, 'meal-plan': mealPlanData } as const

describe('seeded landing data', () => {
  it('parses every landing with the schema of its kind', () => {
    const rows = loadLandingRows()
    expect(rows.filter((r) => r.kind === 'product').length).toBeGreaterThanOrEqual(2)
    for (const row of rows) {
      const parsed = schemaFor[row.kind].safeParse(row.data)
      expect(parsed.error, row.code).toBeUndefined()
    }
  })

  it('names only recipes that exist and whose calories add up', () => {
    const recipes = new Map(loadRecipeRows().map((r) => [r.code, recipeData.parse(r.data)]))
    const plan = loadLandingRows().find((r) => r.kind === 'meal-plan')
    const data = mealPlanData.parse(plan?.data)
    for (const food of data.steps.flatMap((s) => s.foods)) expect(recipes.has(food.recipe), food.recipe).toBe(true)
    for (const r of recipes.values()) expect(totalCalories(r.info)).toBeGreaterThan(0)
  })

  it('names only catalogue products', () => {
    const dataDir = path.join(process.cwd(), 'src/db/seed/data')
    const codes = new Set(
      ['products-1.json', 'products-2.json'].flatMap((f) =>
        (JSON.parse(readFileSync(path.join(dataDir, f), 'utf8')) as { code: string }[]).map((p) => p.code),
      ),
    )
    const json = JSON.stringify(loadLandingRows())
    const named = [...json.matchAll(/"(p[12]-[a-z0-9-]+)"/g)].map((m) => m[1] as string)
    expect(named.length).toBeGreaterThan(10)
    for (const code of named) expect(codes.has(code), code).toBe(true)
  })
})
