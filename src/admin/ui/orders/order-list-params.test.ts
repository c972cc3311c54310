import { describe, expect, it } from 'vitest'
import { apiParamsOf } from './order-list-params'

describe('apiParamsOf', () => {
  it('turns ruble sums into kopecks and drops empty fields', () => {
    expect(apiParamsOf({ q: 'анна', status: '', sumFrom: '1 500,50', sumTo: '3000', page: '2' })).toEqual({ q: 'анна', page: '2', totalFrom: '150050', totalTo: '300000' })
  })

  it('passes a sum that is not a number on for the schema to refuse', () => {
    expect(apiParamsOf({ sumFrom: 'много' })).toEqual({ totalFrom: 'много' })
  })
})
