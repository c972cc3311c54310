import { describe, expect, it } from 'vitest'
import { parseOrderListQuery } from '@/domains/orders/order-admin.schema'
import { apiParamsOf, keptByFilterForm, orderPageValues } from './order-list-params'

describe('apiParamsOf', () => {
  it('turns ruble sums into kopecks and drops empty fields', () => {
    expect(apiParamsOf({ q: 'анна', status: '', sumFrom: '1 500,50', sumTo: '3000', page: '2' })).toEqual({ q: 'анна', page: '2', totalFrom: '150050', totalTo: '300000' })
  })

  it('passes a sum that is not a number on for the schema to refuse', () => {
    expect(apiParamsOf({ sumFrom: 'много' })).toEqual({ totalFrom: 'много' })
  })
})

describe('orderPageValues', () => {
  it('reads the form\'s ticked statuses and a link\'s comma list as one comma list', () => {
    expect(orderPageValues({ status: ['new', 'paid'], sort: '-total', q: ['анна', 'борис'] })).toEqual({ status: 'new,paid', sort: '-total', q: 'анна' })
    expect(orderPageValues({ status: 'new,paid' })).toEqual({ status: 'new,paid' })
    expect(orderPageValues({ status: ['new,paid', 'paid', ''] })).toEqual({ status: 'new,paid' })
    expect(orderPageValues({ status: 'cancelled,paid,new' })).toEqual({ status: 'new,paid,cancelled' })
    expect(orderPageValues({ status: '' })).toEqual({})
  })

  it('gives several statuses to the list schema as it expects them', () => {
    const parsed = parseOrderListQuery(apiParamsOf(orderPageValues({ status: ['assembling', 'shipped'] })))
    expect(parsed.success && parsed.data.status).toEqual(['assembling', 'shipped'])
  })
})

describe('keptByFilterForm', () => {
  it('keeps the sort and page size and drops the page and the filters the form itself sends', () => {
    expect(keptByFilterForm({ sort: '-total', limit: '100', page: '4', status: 'new', q: 'x' })).toEqual({ sort: '-total', limit: '100' })
    expect(keptByFilterForm({ page: '2', sort: '' })).toEqual({})
  })
})
