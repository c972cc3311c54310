import { describe, expect, it } from 'vitest'
import { analyzeDue, estimatedRows, type TableStatistics } from './statistics.db'

const AT = new Date('2026-11-26T12:00:00Z')
const stats = (over: Partial<TableStatistics>): TableStatistics => ({ table: 'orders', reltuples: 10_000, relpages: 100, pages: 100, analyzedAt: new Date(AT.getTime() - 3600_000), ...over })

describe('analyzeDue', () => {
  it('leaves fresh statistics of an unchanged table alone', () => {
    expect(analyzeDue(stats({}), AT)).toBe(false)
  })

  it('analyses after growth beyond 50 rows + 10 %, read from the pages the table gained', () => {
    expect(estimatedRows(stats({ pages: 110 }))).toBe(11_000)
    expect(analyzeDue(stats({ pages: 110 }), AT)).toBe(false)
    expect(analyzeDue(stats({ pages: 111 }), AT)).toBe(true)
  })

  it('analyses a table never analysed or whose statistics were lost, unless it is empty', () => {
    expect(analyzeDue(stats({ reltuples: -1, relpages: 0, pages: 3, analyzedAt: null }), AT)).toBe(true)
    expect(analyzeDue(stats({ analyzedAt: null }), AT)).toBe(true)
    expect(analyzeDue(stats({ reltuples: -1, relpages: 0, pages: 0, analyzedAt: null }), AT)).toBe(false)
    expect(analyzeDue(stats({ reltuples: 0, relpages: 0, pages: 0 }), AT)).toBe(false)
  })

  it('analyses once a day even without growth (statuses and dates move as orders age)', () => {
    expect(analyzeDue(stats({ analyzedAt: new Date(AT.getTime() - 23 * 3600_000) }), AT)).toBe(false)
    expect(analyzeDue(stats({ analyzedAt: new Date(AT.getTime() - 24 * 3600_000) }), AT)).toBe(true)
  })
})
