import { describe, expect, it } from 'vitest'
import {
  checkPhotoReview,
  EMAIL_PATTERN,
  REVIEW_MESSAGES as M,
  escapeHtml,
  formatReviewDate,
  publicAuthorName,
  reviewsCountLabel,
  ringPercent,
  roundRating,
  summarize,
} from './reviews'

describe('rating summary', () => {
  it('averages with one decimal', () => {
    expect(summarize([5, 4, 4, 5]).average).toBe(4.5)
    expect(summarize([5, 4, 4]).average).toBe(4.3)
    expect(roundRating(4.25)).toBe(4.3)
    expect(summarize([]).average).toBe(0)
  })
  it('counts marks per star', () => {
    expect(summarize([5, 5, 1]).byMark).toEqual([1, 0, 0, 0, 2])
  })
  it('fills the ring 20% per point', () => {
    expect(ringPercent(4.3)).toBe(86)
    expect(ringPercent(5)).toBe(100)
    expect(ringPercent(0)).toBe(0)
  })
})

describe('texts', () => {
  it('uses Russian plurals for the review count', () => {
    expect(reviewsCountLabel(1)).toBe('1 отзыв')
    expect(reviewsCountLabel(3)).toBe('3 отзыва')
    expect(reviewsCountLabel(11)).toBe('11 отзывов')
    expect(reviewsCountLabel(21)).toBe('21 отзыв')
    expect(reviewsCountLabel(0)).toBe('0 отзывов')
  })
  it('formats the date as dd.mm.yyyy in Moscow time', () => {
    expect(formatReviewDate(new Date('2026-03-04T22:30:00Z'))).toBe('05.03.2026')
  })
  it('shows the author without the full last name', () => {
    expect(publicAuthorName('Анна Петрова')).toBe('Анна П.')
    expect(publicAuthorName('  Олег ')).toBe('Олег')
    expect(publicAuthorName('')).toBe('Покупатель')
  })
  it('escapes markup', () => {
    expect(escapeHtml('<b onclick="x">&\'')).toBe('&#60;b onclick=&#34;x&#34;&#62;&#38;&#39;')
  })
  it('checks e-mails with the simple pattern', () => {
    expect(EMAIL_PATTERN.test('anna@mail.ru')).toBe(true)
    expect(EMAIL_PATTERN.test('anna@mail')).toBe(false)
    expect(EMAIL_PATTERN.test('anna mail.ru')).toBe(false)
  })
})

describe('photo form rules', () => {
  const ok = { rating: 5, text: 'Хорошо', name: 'Оля', email: 'olga@mail.ru' }
  it('reports the first failure in the spec order', () => {
    expect(checkPhotoReview({ rating: 0, text: '', name: '', email: '' })).toBe(M.widgetRating)
    expect(checkPhotoReview({ ...ok, text: ' ', name: '' })).toBe(M.widgetText)
    expect(checkPhotoReview({ ...ok, name: '', email: '' })).toBe(M.widgetName)
    expect(checkPhotoReview({ ...ok, email: '' })).toBe(M.widgetEmail)
    expect(checkPhotoReview({ ...ok, email: 'olga@mail' })).toBe(M.widgetEmailFormat)
    expect(checkPhotoReview(ok)).toBeNull()
  })
})
