import { describe, expect, it } from 'vitest'
import { previewTarget } from '@/domains/content/preview'
import { fromMoscowInput, legalSectionsFromText, legalSectionsToText, toMoscowInput } from './content-format'

describe('content form conversions', () => {
  it('shows a date in Moscow time and sends it back with its offset', () => {
    expect(toMoscowInput('2026-11-20T09:00:00.000Z')).toBe('2026-11-20T12:00')
    expect(fromMoscowInput('2026-11-20T12:00')).toBe('2026-11-20T12:00:00+03:00')
    expect(new Date(fromMoscowInput(toMoscowInput('2026-01-31T22:30:00Z'))).toISOString()).toBe(
      '2026-01-31T22:30:00.000Z',
    )
    expect(toMoscowInput('не дата')).toBe('')
    expect(fromMoscowInput('вчера')).toBe('вчера')
  })

  it('writes legal sections as «## heading» and blank-line paragraphs, and reads them back', () => {
    const sections = [
      { heading: '1. Общие положения', paragraphs: ['Оператор — {legalName}.', 'Второй абзац.'] },
      { heading: '2. Права', paragraphs: ['Покупатель вправе…'] },
    ]
    expect(legalSectionsFromText(legalSectionsToText(sections))).toEqual(sections)
    expect(legalSectionsFromText('## Заголовок\r\nстрока\r\nпродолжение\r\n\r\nновый абзац')).toEqual([
      { heading: 'Заголовок', paragraphs: ['строка продолжение', 'новый абзац'] },
    ])
  })
})

describe('preview targets (ADR 201)', () => {
  it('takes same-site storefront paths and nothing else', () => {
    expect(previewTarget('/news/open/?a=1#x')).toBe('/news/open/?a=1')
    for (const bad of [
      '//evil.example/',
      '/\\evil',
      'https://evil.example/',
      'news/',
      '/admin/',
      '/api/admin/x',
      '/_next/static/x',
      '/ a',
      `/${'x'.repeat(600)}`,
    ]) {
      expect(previewTarget(bad), bad).toBeNull()
    }
  })
})
