import 'server-only'
import { db } from '@/db/client'
import { Refusal } from '@/lib/refusal'
import { cached } from '@/lib/cache'
import { compositionMentions, groupByLetter, transliterate, type EncElementLink } from './encyclopedia'
import * as q from './encyclopedia.db'

/** The encyclopedia's cache keys and tags stay those of the content drawer it came from. */
const TAGS = ['content'] as const
const WITH_CATALOG = ['content', 'catalog'] as const

export const MESSAGES = {
  sectionNotFound: 'Раздел энциклопедии не найден.',
} as const

export const encElementUrl = (code: string) => `/encyclopedia/item/${code}/`

export interface EncSection {
  ID: number
  NAME: string
  CODE: string
  /** Address hash of the section's tab: the transliterated name. */
  HASH: string
}

export function encSections(): Promise<EncSection[]> {
  return cached('content:enc-sections', { tags: TAGS }, async () =>
    (await q.selectEncSections(db())).map((s) => ({ ...s, HASH: transliterate(s.NAME) })),
  )
}

/**
 * POST /ajax/get-enc-elements/: elements of a section (0 = all) grouped by first letter. drafts: an
 * editor's preview (ADR 201, 208), read past the cache, hidden elements marked.
 */
export async function encElementsByLetter(sectionId: number, drafts = false): Promise<{ elementsArr: Record<string, EncElementLink[]> }> {
  if (sectionId > 0 && !(await encSections()).some((s) => s.ID === sectionId)) {
    throw new Refusal('not-found', MESSAGES.sectionNotFound)
  }
  const load = async () =>
    groupByLetter(
      (await q.selectEncElementLinks(db(), sectionId, drafts)).map(({ published, ...link }): EncElementLink =>
        published ? link : { ...link, mark: 'draft' },
      ),
    )
  const elementsArr = await (drafts ? load() : cached(`content:enc-elements:${sectionId}`, { tags: TAGS }, load))
  return { elementsArr }
}

const encDictionary = () => cached('content:enc-dictionary', { tags: TAGS }, () => q.selectEncDictionary(db()))

/** Products containing the ingredient: explicit links first, then composition matches by rating. */
async function productIdsForElement(element: { id: number; matchTerms: string[] }): Promise<number[]> {
  const [explicit, compositions] = await Promise.all([
    q.selectExplicitElementProducts(db(), element.id),
    element.matchTerms.length > 0
      ? cached('content:compositions', { tags: ['catalog'] }, () => q.selectCompositions(db()))
      : Promise.resolve([]),
  ])
  const matched = compositions.filter((p) => compositionMentions(p.composition, element.matchTerms)).map((p) => p.id)
  return [...new Set([...explicit, ...matched])]
}

/** drafts: an editor's preview (ADR 201), read past the data cache with hidden elements included. */
export function encElementPage(code: string, drafts = false) {
  const load = async () => {
    const el = await q.selectEncElement(db(), code, drafts)
    if (!el) return null
    const productIds = await productIdsForElement(el)
    const section = (await encSections()).find((s) => s.CODE === el.sectionCode)
    return { ...el, sectionHash: section?.HASH ?? '', productIds }
  }
  return drafts ? load() : cached(`content:enc-element:${code}`, { tags: WITH_CATALOG }, load)
}

export interface IngredientLink {
  NAME: string
  CODE: string
  url: string
}

/**
 * For the product page: encyclopedia elements its composition mentions (or that an editor linked
 * to it), so the composition tab can link back to the encyclopedia.
 */
export function ingredientLinksForProduct(productId: number): Promise<IngredientLink[]> {
  return cached(`content:product-ingredients:${productId}`, { tags: WITH_CATALOG }, async () => {
    const [dictionary, explicit, [product]] = await Promise.all([
      encDictionary(),
      q.selectExplicitProductElements(db(), productId),
      q.selectCompositions(db(), [productId]),
    ])
    const linked = new Set(explicit)
    return dictionary
      .filter((el) => linked.has(el.id) || (product ? compositionMentions(product.composition, el.matchTerms) : false))
      .map((el) => ({ NAME: el.name, CODE: el.code, url: encElementUrl(el.code) }))
  })
}
