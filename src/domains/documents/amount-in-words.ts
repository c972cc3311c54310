/**
 * Amounts in Russian words, as invoices and acts print them: «Одна тысяча двести пятьдесят рублей
 * 00 копеек». Pure integer arithmetic on kopecks, so no float ever rounds a document's sum.
 */

type Gender = 'masculine' | 'feminine'

const UNITS: Record<Gender, readonly string[]> = {
  masculine: ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'],
  feminine: ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'],
}
const TEENS = ['десять', 'одиннадцать', 'двенадцать', 'тринадцать', 'четырнадцать', 'пятнадцать', 'шестнадцать', 'семнадцать', 'восемнадцать', 'девятнадцать']
const TENS = ['', '', 'двадцать', 'тридцать', 'сорок', 'пятьдесят', 'шестьдесят', 'семьдесят', 'восемьдесят', 'девяносто']
const HUNDREDS = ['', 'сто', 'двести', 'триста', 'четыреста', 'пятьсот', 'шестьсот', 'семьсот', 'восемьсот', 'девятьсот']

/** The three forms of a counted noun: for 1 (21, 101…), for 2–4 (22…), for 5–20 and 0. */
export type PluralForms = readonly [one: string, few: string, many: string]

/** Russian plural choice: 1 рубль, 2 рубля, 5 рублей, 11 рублей, 21 рубль, 111 рублей. */
export function plural(n: number, forms: PluralForms): string {
  const abs = Math.abs(n) % 100
  const last = abs % 10
  if (abs >= 11 && abs <= 19) return forms[2]
  if (last === 1) return forms[0]
  if (last >= 2 && last <= 4) return forms[1]
  return forms[2]
}

/** Words of 1..999, the gender deciding один/одна and два/две. */
function triad(n: number, gender: Gender): string[] {
  const words: string[] = []
  const h = Math.floor(n / 100)
  const rest = n % 100
  if (h) words.push(HUNDREDS[h]!)
  if (rest >= 10 && rest <= 19) words.push(TEENS[rest - 10]!)
  else {
    const t = Math.floor(rest / 10)
    const u = rest % 10
    if (t) words.push(TENS[t]!)
    if (u) words.push(UNITS[gender][u]!)
  }
  return words
}

/** Scales above units, smallest first; тысяча is feminine, the rest masculine. */
const SCALES: readonly { gender: Gender; forms: PluralForms }[] = [
  { gender: 'feminine', forms: ['тысяча', 'тысячи', 'тысяч'] },
  { gender: 'masculine', forms: ['миллион', 'миллиона', 'миллионов'] },
  { gender: 'masculine', forms: ['миллиард', 'миллиарда', 'миллиардов'] },
  { gender: 'masculine', forms: ['триллион', 'триллиона', 'триллионов'] },
]

/**
 * A whole number in words, lower case: 2001 → «две тысячи один» (masculine) or «две тысячи одна»
 * (feminine, for a feminine noun after it). Zero is «ноль».
 */
export function numberInWords(n: number, gender: Gender = 'masculine'): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`numberInWords: ${n} is not a non-negative safe integer`)
  if (n === 0) return 'ноль'
  const words: string[] = []
  let rest = n
  const groups: number[] = []
  while (rest > 0) {
    groups.push(rest % 1000)
    rest = Math.floor(rest / 1000)
  }
  if (groups.length > SCALES.length + 1) throw new RangeError(`numberInWords: ${n} is too large`)
  for (let i = groups.length - 1; i >= 0; i--) {
    const group = groups[i]!
    if (group === 0) continue
    const scale = i - 1
    if (scale < 0) words.push(...triad(group, gender))
    else {
      const { gender: g, forms } = SCALES[scale]!
      words.push(...triad(group, g), plural(group, forms))
    }
  }
  return words.join(' ')
}

const RUBLES: PluralForms = ['рубль', 'рубля', 'рублей']
const KOPECKS: PluralForms = ['копейка', 'копейки', 'копеек']

/**
 * An amount of kopecks as the invoice writes it: roubles in words with a capital letter, kopecks in
 * two digits: 125000 → «Одна тысяча двести пятьдесят рублей 00 копеек», 2101 → «Двадцать один рубль
 * 01 копейка».
 */
export function rublesInWords(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0) throw new RangeError(`rublesInWords: ${kopecks} is not a non-negative whole number of kopecks`)
  const rubles = Math.floor(kopecks / 100)
  const cents = kopecks % 100
  const words = numberInWords(rubles, 'masculine')
  const capital = words.charAt(0).toUpperCase() + words.slice(1)
  return `${capital} ${plural(rubles, RUBLES)} ${String(cents).padStart(2, '0')} ${plural(cents, KOPECKS)}`
}
