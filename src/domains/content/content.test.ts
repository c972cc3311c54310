import { describe, expect, it } from 'vitest'
import {
  compositionMentions,
  filterMaterials,
  groupByLetter,
  pickSimilar,
  toSeenProduct,
  transliterate,
  visibleRecentlyViewed,
} from './content'

describe('transliterate (encyclopedia tab hashes)', () => {
  it('turns a Russian section name into a lower-case Latin hash', () => {
    expect(transliterate('Витамины и минералы')).toBe('vitaminy-i-mineraly')
    expect(transliterate('Все ингредиенты')).toBe('vse-ingredienty')
    expect(transliterate('Жирные кислоты')).toBe('zhirnye-kisloty')
    expect(transliterate('Растительные экстракты')).toBe('rastitelnye-ekstrakty')
  })

  it('drops signs, folds ё and squeezes punctuation into single hyphens', () => {
    expect(transliterate('  Пробиотики, пребиотики — и ёж!  ')).toBe('probiotiki-prebiotiki-i-ezh')
    expect(transliterate('Объём щёлочи')).toBe('obem-schelochi')
  })
})

describe('groupByLetter (elementsArr)', () => {
  it('groups by upper-case first letter in alphabetical order, names sorted inside a group', () => {
    const grouped = groupByLetter([
      { NAME: 'Цинк', CODE: 'tsink' },
      { NAME: 'Биотин', CODE: 'biotin' },
      { NAME: 'альфа-липоевая кислота', CODE: 'alfa' },
      { NAME: 'Бета-каротин', CODE: 'beta' },
    ])
    expect(Object.keys(grouped)).toEqual(['А', 'Б', 'Ц'])
    expect(grouped['Б']?.map((e) => e.CODE)).toEqual(['beta', 'biotin'])
  })

  it('files Ё under Е and puts Latin letters and digits after Cyrillic', () => {
    const grouped = groupByLetter([
      { NAME: 'L-карнитин', CODE: 'l' },
      { NAME: 'Ёлочный экстракт', CODE: 'yo' },
      { NAME: '5-HTP', CODE: 'htp' },
      { NAME: 'Экстракт', CODE: 'e' },
      { NAME: 'Железо', CODE: 'zh' },
    ])
    expect(Object.keys(grouped).slice(0, 3)).toEqual(['Е', 'Ж', 'Э'])
    expect(grouped['Е']?.[0]?.CODE).toBe('yo')
    expect(Object.keys(grouped)).toContain('L')
    expect(Object.keys(grouped)).toContain('0-9')
  })
})

describe('compositionMentions', () => {
  const composition = 'Магний (из цитрата магния) — 100 мг, витамин B6 — 10 мг. Рыбий жир — 1000 мг, витамин D3 (холекальциферол).'

  it('matches stems across Russian case endings and phrases of consecutive words', () => {
    expect(compositionMentions(composition, ['магни'])).toBe(true)
    expect(compositionMentions(composition, ['рыб жир'])).toBe(true)
    expect(compositionMentions(composition, ['витамин d3'])).toBe(true)
    expect(compositionMentions(composition, ['холекальциферол'])).toBe(true)
  })

  it('matches short terms only as whole words and needs the words in order', () => {
    expect(compositionMentions(composition, ['витамин b'])).toBe(false)
    expect(compositionMentions(composition, ['витамин b6'])).toBe(true)
    expect(compositionMentions(composition, ['жир рыб'])).toBe(false)
    expect(compositionMentions(composition, ['цинк'])).toBe(false)
    expect(compositionMentions(composition, [])).toBe(false)
    expect(compositionMentions('', ['магни'])).toBe(false)
  })
})

describe('recently viewed', () => {
  it('leaves out the product on screen and keeps the newest first up to the limit', () => {
    expect(visibleRecentlyViewed([5, 4, 3, 2, 1], 3, 3)).toEqual([5, 4, 2])
    expect(visibleRecentlyViewed([5, 4], null)).toEqual([5, 4])
  })

  it('builds SeenProduct in roubles with the discount and full name', () => {
    const seen = toSeenProduct({
      id: 7,
      name: 'Омега-3',
      subTitle: '1000 мг',
      url: '/catalog/serdtse/omega/',
      sectionName: 'Сердце и сосуды',
      rating: 4.66,
      offer: { id: 70, price: 89_900, oldPrice: 119_900, picture: '/upload/packs/omega-1.svg' },
    })
    expect(seen).toMatchObject({
      id: 7,
      link: '/catalog/serdtse/omega/',
      img: '/upload/packs/omega-1.svg',
      price: 899,
      oldprice: 1199,
      old_price: 1199,
      percent_discount: 25,
      dom_stars: 4.7,
      NAME_FULL: 'Омега-3 1000 мг',
      PRICE_FOR_ANALYTICS: 899,
      ORDER_ID: 70,
    })
  })

  it('has no old price or discount when the old price is not higher', () => {
    const seen = toSeenProduct({
      id: 1, name: 'A', subTitle: '', url: '/', sectionName: '', rating: 0,
      offer: { id: 1, price: 1000, oldPrice: 1000, picture: '' },
    })
    expect(seen.oldprice).toBeNull()
    expect(seen.percent_discount).toBe(0)
    expect(seen.NAME_FULL).toBe('A')
  })
})

describe('pickSimilar', () => {
  it('takes products round-robin across sections, skipping viewed ones and duplicates', () => {
    expect(pickSimilar([[1, 2, 3], [2, 4, 5]], [1], 4)).toEqual([2, 4, 3, 5])
  })

  it('stops when the sections run out', () => {
    expect(pickSimilar([[1], [1]], [], 10)).toEqual([1])
    expect(pickSimilar([], [], 10)).toEqual([])
  })
})

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
