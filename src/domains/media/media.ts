/**
 * Product pictures without I/O (ADR 184): what is accepted, how big, and the sizes the storefront
 * shows. Every size is WebP, which every browser the shop supports decodes.
 */

/** The sizes, each a box the picture is fitted into (never enlarged), from the places that show them. */
export const PICTURE_SIZES = {
  /** Gallery thumbnails (84 px at most) and cart lines (96 px at most), at 2× density. */
  thumb: 192,
  /** Catalogue cards: up to about 240 px wide, at 2×. */
  card: 480,
  /** The product page's main slide (530 px high on wide screens) at 2×, and the full-screen viewer. */
  gallery: 1200,
} as const
export type PictureSize = keyof typeof PICTURE_SIZES
export const PICTURE_SIZE_NAMES = Object.keys(PICTURE_SIZES) as PictureSize[]

export const MAX_PICTURE_BYTES = 10 * 1024 * 1024
export const MAX_PICTURES_PER_PRODUCT = 20
/** A decompression bomb stops here: about 8 000 × 6 000. */
export const MAX_PICTURE_PIXELS = 50_000_000
export const MAX_ALT_LENGTH = 250

export const PICTURE_MESSAGES = {
  type: 'Это не картинка JPEG, PNG или WebP: файл не загружен.',
  broken: 'Картинку не удалось прочитать: файл повреждён или слишком большой по числу точек.',
  size: `Файл больше ${MAX_PICTURE_BYTES / 1024 / 1024} МБ: уменьшите его и загрузите снова.`,
  empty: 'Файл пустой.',
  count: `У товара уже ${MAX_PICTURES_PER_PRODUCT} картинок: удалите ненужные, чтобы добавить новую.`,
  duplicate: 'Эта картинка у товара уже есть.',
  notFound: 'Картинка не найдена.',
  productNotFound: 'Товар не найден.',
  order: 'Передайте все картинки товара, каждую один раз.',
  alt: `Описание картинки — не длиннее ${MAX_ALT_LENGTH} символов.`,
  offer: 'Выберите предложение этого товара или «Все предложения».',
} as const

export type PictureFormat = 'jpeg' | 'png' | 'webp'

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b)

/**
 * The format by the file's first bytes, never by its name or the browser's type: a renamed
 * program or an SVG (text, which can carry script) is null.
 */
export function sniffPicture(bytes: Uint8Array): PictureFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  // RIFF, four bytes of length, WEBP.
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp'
  return null
}

/** The file name of a stored size: its content's hash, so a changed picture is a new address. */
export function pictureFileName(contentHash: string): string {
  return `${contentHash.slice(0, 32)}.webp`
}
export const PICTURE_FILE_NAME = /^[0-9a-f]{32}\.webp$/
