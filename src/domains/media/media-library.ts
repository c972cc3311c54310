/**
 * The media library (ADR 207) without I/O: pictures that belong to no product, kept in the product
 * pictures' sizes (ADR 184), and the srcset the storefront gives them. No zod, no database: client
 * forms import it.
 */
import { PICTURE_SIZE_NAMES } from './media'

export type StoredSizes = Record<string, { key: string; url: string; width: number; height: number }>

export const LIBRARY_MESSAGES = {
  notFound: 'Картинка не найдена в медиатеке.',
  alt: 'Описание картинки — не длиннее 250 символов.',
  query: 'Поиск — не длиннее 100 символов.',
  page: 'Номер страницы — целое число от 1.',
} as const

/** Who still shows a picture the editor wants to delete: the refusal names each of them. */
export interface PictureUse {
  kind:
    | 'featured-slide'
    | 'brand'
    | 'expert-slide'
    | 'meal-plan-food'
    | 'meal-plan-video'
    | 'meal-plan-expert'
    | 'article-expert'
  name: string
}

const USE_LABEL: Record<PictureUse['kind'], string> = {
  'featured-slide': 'баннер',
  brand: 'бренд',
  'expert-slide': 'слайд набора от экспертов',
  'meal-plan-food': 'блюдо меню программы',
  'meal-plan-video': 'обложка видео меню программы',
  'meal-plan-expert': 'эксперт меню программы',
  'article-expert': 'фото эксперта в статье',
}

export function inUseMessage(uses: readonly PictureUse[]): string {
  const named = uses.map((u) => `${USE_LABEL[u.kind]} «${u.name}»`).join(', ')
  return `Картинку нельзя удалить: она используется (${named}). Сначала выберите там другую картинку.`
}

export interface LibraryPictureView {
  id: number
  alt: string
  urls: { thumb: string; card: string; gallery: string }
  /** `url 192w, url 480w, …`: each stored size by its real width (sizes are never enlarged). */
  srcset: string
  width: number
  height: number
  createdAt: string
}

/** Every stored size, smallest first, once per width (a small upload gives the same width twice). */
export function srcsetOf(sizes: StoredSizes | null | undefined): string {
  if (!sizes) return ''
  const out: string[] = []
  const seen = new Set<number>()
  for (const name of PICTURE_SIZE_NAMES) {
    const size = sizes[name]
    if (!size?.url || seen.has(size.width)) continue
    seen.add(size.width)
    out.push(`${size.url} ${size.width}w`)
  }
  return out.join(', ')
}

export function libraryPictureView(row: {
  id: number
  alt: string
  sizes: StoredSizes
  createdAt: Date
}): LibraryPictureView {
  const url = (size: string) => row.sizes[size]?.url ?? ''
  return {
    id: row.id,
    alt: row.alt,
    urls: { thumb: url('thumb'), card: url('card'), gallery: url('gallery') },
    srcset: srcsetOf(row.sizes),
    width: row.sizes.gallery?.width ?? 0,
    height: row.sizes.gallery?.height ?? 0,
    createdAt: row.createdAt.toISOString(),
  }
}
