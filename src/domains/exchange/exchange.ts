import path from 'node:path'

/**
 * The 1С side of «Обмен с сайтом» (CommerceML 2, ADR 189): what it asks, what it is told. 1С reads
 * the answers as plain text lines; the first word says how it went.
 */

export const EXCHANGE_COOKIE = 'exchange_session'

export const EXCHANGE_MESSAGES = {
  noAuth: 'Не передан логин и пароль (HTTP Basic).',
  wrong: 'Неверный логин или пароль.',
  noPermission: 'У пользователя нет права на обмен с 1С.',
  secondFactor: 'Для пользователя обмена второй фактор не поддерживается: отключите его.',
  tooMany: 'Слишком много попыток. Попробуйте позже.',
  noSession: 'Сессия обмена не найдена или устарела: начните обмен заново (checkauth).',
  badType: 'Неизвестный тип обмена.',
  badMode: 'Неизвестная команда обмена.',
  badFilename: 'Недопустимое имя файла.',
  tooBig: 'Файл больше допустимого размера части.',
  noFile: 'Файл не найден в папке обмена.',
  badZip: 'Не удалось распаковать архив.',
  badXml: 'Не удалось прочитать XML',
  notCommerceMl: 'Файл не в формате CommerceML 2.',
  importing: 'Обработано элементов',
  done: 'Импорт завершён.',
} as const

export type ExchangeType = 'catalog' | 'sale'

/** An answer to 1С: its lines, or a document (the orders' XML). */
export type ExchangeAnswer = { kind: 'text'; lines: string[]; cookie?: { name: string; value: string }; unauthorised?: boolean } | { kind: 'xml'; body: Buffer; encoding: string }

export const success = (...rest: string[]) => ({ kind: 'text' as const, lines: ['success', ...rest] })
export const failure = (reason: string) => ({ kind: 'text' as const, lines: ['failure', reason] })
export const progress = (status: string): ExchangeAnswer => ({ kind: 'text', lines: ['progress', status] })

/**
 * A file name 1С sends, as a relative path inside the exchange folder, or null when it is not one:
 * empty, absolute, with `..`, a drive letter, a NUL, or anything that resolves outside. 1С writes
 * pictures as import_files/ab/abcdef.jpg; Windows separators are taken as folders.
 */
export function safeRelativeName(raw: string | null | undefined): string | null {
  if (!raw) return null
  const name = raw.replace(/\\/g, '/')
  if (name.length > 500 || name.includes('\0') || name.startsWith('/') || /^[a-z]:/i.test(name)) return null
  const parts = name.split('/')
  if (parts.some((p) => p === '..' || p === '.' || p === '')) return null
  const normal = path.posix.normalize(name)
  if (normal.startsWith('../') || path.posix.isAbsolute(normal)) return null
  return normal
}

/** «1 234,50» or «1234.5» roubles → kopecks, without floating point; null when it is no number. */
export function kopecksOf(text: string): number | null {
  const clean = text.replace(/[\s\u00a0]/g, '').replace(',', '.')
  const match = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(clean)
  if (!match) return null
  const fraction = (match[2] ?? '').padEnd(3, '0')
  const kopecks = Number(match[1]) * 100 + Number(fraction.slice(0, 2))
  // Rounds half up on the third digit: 1С writes prices with up to 4 decimals.
  return kopecks + (Number(fraction[2]) >= 5 ? 1 : 0)
}

/** 1С quantities may be fractional (weighed goods) or negative (a sold-out shelf): a whole count, never below 0. */
export function quantityOf(text: string): number | null {
  const n = Number(text.replace(/[\s\u00a0]/g, '').replace(',', '.'))
  if (!Number.isFinite(n)) return null
  return Math.max(0, Math.floor(n))
}

/** «20», «20%», «НДС 20%», «Без НДС» → percent. */
export function vatPercentOf(text: string): number | null {
  if (/без/i.test(text)) return 0
  const match = /(\d{1,2})/.exec(text)
  return match ? Number(match[1]) : null
}

/** Cyrillic → Latin for section and product codes (addresses). */
const LATIN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o',
  п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
}

export function slugOf(name: string, fallback: string): string {
  const latin = [...name.toLowerCase()].map((c) => LATIN[c] ?? c).join('')
  const slug = latin.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '')
  return slug || fallback
}

/** «60 капсул» → 60 and 'капсул'; a value without a number is no package size. */
export function packageOf(text: string): { size: number; unit: string } | null {
  const match = /^\s*(\d{1,6})\s*([^\d\s].{0,19})?\s*$/u.exec(text)
  if (!match) return null
  return { size: Number(match[1]), unit: (match[2] ?? 'шт').trim() }
}
