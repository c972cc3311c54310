import { describe, expect, it } from 'vitest'
import { tabForHash } from './tabs'

const tabs = [
  { code: '0', anchor: 'description' },
  { code: '4', anchor: 'reviews' },
]
const switcher = [
  { code: '1', anchor: 'about', alsoFor: ['description', 'reviews'] },
  { code: 'wtb', anchor: 'where-to-buy' },
]

describe('tabs by address hash', () => {
  it('picks the tab whose anchor is the hash, else the first', () => {
    expect(tabForHash(tabs, '#reviews')).toBe('4')
    expect(tabForHash(tabs, '')).toBe('0')
    expect(tabForHash(tabs, '#unknown')).toBe('0')
  })

  it('a parent switcher follows the anchors of its nested tabs', () => {
    expect(tabForHash(switcher, '#reviews')).toBe('1')
    expect(tabForHash(switcher, '#where-to-buy')).toBe('wtb')
  })

  it('without the fallback an unknown hash selects nothing (the current tab stays)', () => {
    expect(tabForHash(tabs, '#where-to-buy', false)).toBeUndefined()
  })
})
