import { describe, expect, it } from 'vitest'
import { compositionMentions, groupByLetter, transliterate } from './encyclopedia'

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
