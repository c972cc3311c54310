import { describe, expect, it } from 'vitest'
import { DEFAULT_CENTER, DEFAULT_ZOOM, centerOf, toWire } from './eco'

describe('eco-box map', () => {
  it('centres on the average of the points', () => {
    expect(centerOf([{ cX: 55, cY: 37 }, { cX: 57, cY: 39 }])).toEqual([56, 38])
  })

  it('opens on Moscow at zoom 12 when there are no points', () => {
    expect(centerOf([])).toEqual(DEFAULT_CENTER)
    expect(DEFAULT_ZOOM).toBe(12)
  })

  it('sends the spec field names', () => {
    const wire = toWire({ name: 'А', address: 'ул. Б', workTime: '9–21', phone: '+7', lat: 1, lon: 2, fullAddress: 'г. В, ул. Б', city: 'В' })
    expect(Object.keys(wire).sort()).toEqual(['Address', 'City', 'FullAddress', 'Name', 'Phone', 'WorkTime', 'cX', 'cY'])
    expect([wire.cX, wire.cY]).toEqual([1, 2])
  })
})
