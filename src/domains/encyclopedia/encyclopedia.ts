/**
 * Encyclopedia rules that need no database: tab hashes, letter groups, and matching ingredients to a
 * composition text.
 */

const TRANSLIT: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k',
  л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts',
  ч: 'ch', ш: 'sh', щ: 'sch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
}

/** «Витамины и минералы» → "vitaminy-i-mineraly": the encyclopedia tab's address hash. */
export function transliterate(text: string): string {
  return [...text.toLowerCase()]
    .map((ch) => TRANSLIT[ch] ?? ch)
    .join('')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** The 'Все ингредиенты' tab's hash. */
export const ALL_INGREDIENTS_HASH = 'vse-ingredienty'

export interface EncElementLink {
  NAME: string
  CODE: string
  /** Only in an editor's preview (ADR 208): a hidden element, which buyers do not see. */
  mark?: 'draft'
}

const collator = new Intl.Collator('ru', { sensitivity: 'base', numeric: true })

/**
 * elementsArr of POST /ajax/get-enc-elements/: first letter (upper case, Ё filed under Е as Russian
 * dictionaries do) → elements sorted by name; letters in alphabetical order, Cyrillic before Latin.
 */
export function groupByLetter(elements: readonly EncElementLink[]): Record<string, EncElementLink[]> {
  const sorted = [...elements].sort((a, b) => collator.compare(a.NAME, b.NAME))
  const groups = new Map<string, EncElementLink[]>()
  for (const el of sorted) {
    const first = el.NAME.trim().charAt(0).toUpperCase()
    const letter = first === 'Ё' ? 'Е' : /[0-9]/.test(first) ? '0-9' : first
    const list = groups.get(letter) ?? []
    list.push(el)
    groups.set(letter, list)
  }
  const letters = [...groups.keys()].sort((a, b) => {
    const ca = /[А-Я]/.test(a) ? 0 : 1
    const cb = /[А-Я]/.test(b) ? 0 : 1
    return ca - cb || collator.compare(a, b)
  })
  return Object.fromEntries(letters.map((l) => [l, groups.get(l) ?? []]))
}

/** Lower case, Ё as Е, split on anything but letters, digits and hyphens. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().replace(/ё/g, 'е').split(/[^a-zа-я0-9-]+/).filter(Boolean)
}

/** Long term words match as stems («магни» → магний, магния), short ones («d3», «c») only whole. */
const STEM_MIN = 3
const wordMatches = (word: string, term: string) => (term.length >= STEM_MIN ? word.startsWith(term) : word === term)

/**
 * Does a composition mention the ingredient? A term is a word stem or a phrase of them («витамин d3»,
 * «рыб жир»), matched against consecutive words, so Russian case endings need no list of forms.
 */
export function compositionMentions(composition: string, terms: readonly string[]): boolean {
  if (terms.length === 0 || !composition) return false
  const words = wordsOf(composition)
  return terms.some((term) => {
    const parts = wordsOf(term)
    if (parts.length === 0) return false
    for (let i = 0; i + parts.length <= words.length; i++) {
      if (parts.every((part, k) => wordMatches(words[i + k] ?? '', part))) return true
    }
    return false
  })
}
