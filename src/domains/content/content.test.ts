import { describe, expect, it } from 'vitest'
import { filterMaterials } from './content'

describe('filterMaterials (fito filter)', () => {
  const items = [
    { name: 'Витамин D зимой', category: 'Статья', previewText: 'О солнце', publishedAt: '2026-01-10T00:00:00Z' },
    { name: 'Исследование омега-3', category: 'Исследование', previewText: 'Сердце', publishedAt: '2026-03-01T00:00:00Z' },
    { name: 'Магний и сон', category: 'Статья', previewText: 'Стресс и сон', publishedAt: '2025-11-05T00:00:00Z' },
  ]

  it('sorts newest first by default and oldest first with ASC', () => {
    expect(filterMaterials(items, { category: '', sort: 'DESC', q: '' }).map((i) => i.name)[0]).toBe('Исследование омега-3')
    expect(filterMaterials(items, { category: '', sort: 'ASC', q: '' }).map((i) => i.name)[0]).toBe('Магний и сон')
  })

  it('filters by category and by every word of the search text, ignoring case', () => {
    expect(filterMaterials(items, { category: 'Статья', sort: 'DESC', q: '' })).toHaveLength(2)
    expect(filterMaterials(items, { category: '', sort: 'DESC', q: 'СОН магний' }).map((i) => i.name)).toEqual(['Магний и сон'])
    expect(filterMaterials(items, { category: 'Исследование', sort: 'DESC', q: 'сон' })).toEqual([])
  })
})
