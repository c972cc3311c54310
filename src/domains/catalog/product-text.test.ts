import { describe, expect, it } from 'vitest'
import { isRichText, plainTextOf } from './product-text'

describe('product texts', () => {
  it('tells the editor’s HTML from the seed’s plain text', () => {
    expect(isRichText('<p>Для сердца</p>')).toBe(true)
    expect(isRichText('Абзац один.<br/>Второй')).toBe(true)
    expect(isRichText('Принимать по 1 капсуле 2 раза в день.\n\nКурс — 1 месяц.')).toBe(false)
    // A comparison in plain text is not markup.
    expect(isRichText('Витамин D3 < 2000 МЕ, > 1000 МЕ')).toBe(false)
  })

  it('gives the words of rich text for meta descriptions and leaves plain text as it is', () => {
    expect(plainTextOf('<h2>Польза</h2><p>Для <strong>сердца</strong> &amp; сосудов.</p>')).toBe('Польза Для сердца & сосудов.')
    expect(plainTextOf('A & B')).toBe('A & B')
  })
})
