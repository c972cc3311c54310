import { describe, expect, it } from 'vitest'
import { POST } from '@/app/ajax/get-eco-boxes/route'
import { formPost, newVisitor } from '../../../tests/support/http'
import { ecoCities } from './eco.server'

describe('POST /ajax/get-eco-boxes/', () => {
  it('answers the points of a city with the spec field names', async () => {
    const res = await POST(formPost('/ajax/get-eco-boxes/', { city: 'Казань' }, newVisitor()))
    expect(res.status).toBe(200)
    const points = (await res.json()) as { Name: string; City: string; cX: number; cY: number; FullAddress: string }[]
    expect(points.length).toBe(2)
    for (const p of points) {
      expect(p.City).toBe('Казань')
      expect(p.FullAddress).toContain('Казань')
      expect(p.cX).toBeGreaterThan(55)
      expect(p.cY).toBeGreaterThan(49)
    }
  })

  it('answers an empty list for a city without eco-boxes and 400 without a city', async () => {
    expect(await (await POST(formPost('/ajax/get-eco-boxes/', { city: 'Урюпинск' }, newVisitor()))).json()).toEqual([])
    expect((await POST(formPost('/ajax/get-eco-boxes/', {}, newVisitor()))).status).toBe(400)
  })

  it('refuses a request without sessid', async () => {
    expect((await POST(formPost('/ajax/get-eco-boxes/', { city: 'Москва' }, newVisitor(), { sessid: null }))).status).toBe(403)
  })

  it('lists Moscow first in the city selector', async () => {
    const cities = await ecoCities()
    expect(cities[0]).toBe('Москва')
    expect(cities).toContain('Санкт-Петербург')
  })
})
