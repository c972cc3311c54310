import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { Db } from '../client'
import {
  articleProducts,
  articles,
  articleTagLinks,
  articleTags,
  distributors,
  encElementProducts,
  encElements,
  encSections,
  featuredSlides,
  legalPages,
  lightLineBanners,
  news,
  offers,
  products,
  showcaseSlides,
  showcaseTabProducts,
  showcaseTabs,
  socialPosts,
} from '../schema'
import { decorSvg, distributorSvg, expertSvg, illustrationSvg, saleStickerSvg, setSvg, type Motif } from './content-art'
import { richText } from '@/lib/rich-text'

/**
 * Home showcases, articles, news, encyclopedia and the smaller content blocks, from
 * src/db/seed/data/content-*.json. Idempotent (rows matched by code or key) and deterministic.
 * References to products or offers that the catalogue no longer has are skipped, not fatal: the
 * content integration test lists them, so drift is caught without breaking everyone's seed.
 */
const DATA_DIR = path.join(process.cwd(), 'src/db/seed/data')

const motif = z.enum(['sun', 'leaf', 'heart', 'drop', 'capsule', 'shield', 'eye', 'bone', 'moon', 'star', 'flower', 'scale', 'clock', 'box', 'berry', 'citrus'])
const art = z.object({ motif, color: z.string() })
const date = z.iso.datetime({ offset: true }).transform((s) => new Date(s))

const encFile = z.object({
  sections: z.array(z.object({ code: z.string(), name: z.string(), sort: z.number().int() })),
  elements: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      section: z.string(),
      previewText: z.string(),
      text: richText,
      matchTerms: z.array(z.string()),
      sort: z.number().int(),
    }),
  ),
  links: z.array(z.object({ element: z.string(), product: z.string() })),
})

const expert = z.object({
  IMG: z.string(),
  IMG_SIZE: z.enum(['small', 'big']),
  TITLE: z.string(),
  SUB_TITLE: z.string(),
  TEXT: z.string(),
})

const articlesFile = z.object({
  tags: z.array(z.object({ code: z.string(), name: z.string(), sort: z.number().int() })),
  articles: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      category: z.string(),
      previewText: z.string(),
      text: richText,
      picture: z.string(),
      art,
      buttonUrl: z.string(),
      buttonText: z.string(),
      expert: expert.nullable(),
      accordion: z.array(z.object({ TITLE: z.string(), TEXT: z.string() })),
      professional: z.boolean(),
      recommended: z.boolean(),
      publishedAt: date,
      sort: z.number().int(),
      tags: z.array(z.string()),
      products: z.array(z.string()),
    }),
  ),
})

const newsFile = z.array(
  z.object({ code: z.string(), name: z.string(), previewText: z.string(), text: richText, picture: z.string(), publishedAt: date, art }),
)

const decoration = z.object({ img: z.string(), position: z.enum(['top-left', 'top-right', 'bottom-left', 'bottom-right']) })
const homeFile = z.object({
  setsFromExperts: z.array(
    z.object({
      anchor: z.string(),
      title: z.string(),
      decorations: z.array(decoration),
      slides: z.array(
        z.object({
          code: z.string(),
          offer: z.string(),
          title: z.string(),
          subtitle: z.string(),
          pack: z.string(),
          isSet: z.boolean(),
          discountPicture: z.string(),
          img: z.string(),
        }),
      ),
    }),
  ),
  mainpageProducts: z.array(
    z.object({
      anchor: z.string(),
      title: z.string(),
      rule: z.enum(['manual', 'hit', 'new', 'high-discounts']),
      products: z.array(z.string()).optional(),
    }),
  ),
  featured: z.array(
    z.object({ code: z.string(), offer: z.string(), title: z.string(), subtitle: z.string(), description: z.string(), image: z.string() }),
  ),
  lightLine: z.array(z.object({ code: z.string(), text: z.string(), link: z.string(), linkText: z.string() })),
  distributors: z.array(z.object({ code: z.string(), title: z.string(), link: z.string(), image: z.string() })),
  socialPosts: z.array(z.object({ code: z.string(), link: z.string(), img: z.string(), text: z.string(), publishedAt: date, art })),
})

const legalFile = z.array(
  z.object({ slug: z.string(), title: z.string(), sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })) }),
)

function load<T extends z.ZodType>(file: string, schema: T): z.output<T> {
  return schema.parse(JSON.parse(readFileSync(path.join(DATA_DIR, file), 'utf8')))
}

export const loadContentSeed = () => ({
  enc: load('content-encyclopedia.json', encFile),
  articles: load('content-articles.json', articlesFile),
  news: load('content-news.json', newsFile),
  home: load('content-home.json', homeFile),
})

async function codeMap(db: Db, table: typeof products | typeof encSections | typeof encElements | typeof articles | typeof articleTags) {
  const rows = await db.select({ id: table.id, code: table.code }).from(table)
  return new Map(rows.map((r) => [r.code, r.id]))
}

async function offerIdsBySku(db: Db) {
  const rows = await db.select({ id: offers.id, sku: offers.sku }).from(offers)
  return new Map(rows.map((r) => [r.sku, r.id]))
}

const pick = <T>(map: Map<string, T>, key: string): T[] => {
  const v = map.get(key)
  return v === undefined ? [] : [v]
}

export async function seedContent(db: Db, options: { uploadsDir: string | null }): Promise<void> {
  const data = loadContentSeed()
  const productIds = await codeMap(db, products)
  const offerIds = await offerIdsBySku(db)

  // Encyclopedia
  await db.insert(encSections).values(data.enc.sections).onConflictDoNothing({ target: encSections.code })
  const sectionIds = await codeMap(db, encSections)
  await db
    .insert(encElements)
    .values(
      data.enc.elements.flatMap(({ section, ...el }) => pick(sectionIds, section).map((sectionId) => ({ ...el, sectionId }))),
    )
    .onConflictDoNothing({ target: encElements.code })
  const elementIds = await codeMap(db, encElements)
  const encLinks = data.enc.links.flatMap((l) =>
    pick(elementIds, l.element).flatMap((elementId) => pick(productIds, l.product).map((productId) => ({ elementId, productId }))),
  )
  if (encLinks.length) await db.insert(encElementProducts).values(encLinks).onConflictDoNothing()

  // Articles
  await db.insert(articleTags).values(data.articles.tags).onConflictDoNothing({ target: articleTags.code })
  await db
    .insert(articles)
    .values(data.articles.articles.map(({ art: _art, tags: _tags, products: _products, ...a }) => a))
    .onConflictDoNothing({ target: articles.code })
  const articleIds = await codeMap(db, articles)
  const tagIds = await codeMap(db, articleTags)
  const tagLinks = data.articles.articles.flatMap((a) =>
    pick(articleIds, a.code).flatMap((articleId) => a.tags.flatMap((t) => pick(tagIds, t).map((tagId) => ({ articleId, tagId })))),
  )
  if (tagLinks.length) await db.insert(articleTagLinks).values(tagLinks).onConflictDoNothing()
  const productLinks = data.articles.articles.flatMap((a) =>
    pick(articleIds, a.code).flatMap((articleId) => a.products.flatMap((p) => pick(productIds, p).map((productId) => ({ articleId, productId })))),
  )
  if (productLinks.length) await db.insert(articleProducts).values(productLinks).onConflictDoNothing()

  // News
  await db
    .insert(news)
    .values(data.news.map(({ art: _art, ...n }) => n))
    .onConflictDoNothing({ target: news.code })

  // Legal pages (ADR 200): the JSON is the first version; the back office edits the rows.
  await db
    .insert(legalPages)
    .values(load('legal-pages.json', legalFile).map((p) => ({ slug: p.slug, title: p.title, sections: p.sections })))
    .onConflictDoNothing({ target: legalPages.slug })

  // Home showcases
  const home = data.home
  await db
    .insert(showcaseTabs)
    .values([
      ...home.setsFromExperts.map((t, i) => ({
        block: 'sets-from-experts' as const,
        anchor: t.anchor,
        title: t.title,
        decorations: t.decorations,
        sort: (i + 1) * 10,
      })),
      ...home.mainpageProducts.map((t, i) => ({
        block: 'mainpage-products' as const,
        anchor: t.anchor,
        title: t.title,
        rule: t.rule,
        sort: (i + 1) * 10,
      })),
    ])
    .onConflictDoNothing({ target: [showcaseTabs.block, showcaseTabs.anchor] })
  const tabRows = await db.select({ id: showcaseTabs.id, block: showcaseTabs.block, anchor: showcaseTabs.anchor }).from(showcaseTabs)
  const tabId = (block: string, anchor: string) => tabRows.filter((t) => t.block === block && t.anchor === anchor).map((t) => t.id)
  const slides = home.setsFromExperts.flatMap((t) =>
    tabId('sets-from-experts', t.anchor).flatMap((id) =>
      t.slides.flatMap(({ offer, ...s }, i) => pick(offerIds, offer).map((offerId) => ({ ...s, tabId: id, offerId, sort: (i + 1) * 10 }))),
    ),
  )
  if (slides.length) await db.insert(showcaseSlides).values(slides).onConflictDoNothing({ target: showcaseSlides.code })
  const manual = home.mainpageProducts.flatMap((t) =>
    tabId('mainpage-products', t.anchor).flatMap((id) =>
      (t.products ?? []).flatMap((code, i) => pick(productIds, code).map((productId) => ({ tabId: id, productId, sort: (i + 1) * 10 }))),
    ),
  )
  if (manual.length) await db.insert(showcaseTabProducts).values(manual).onConflictDoNothing()
  const featured = home.featured.flatMap(({ offer, ...f }, i) => pick(offerIds, offer).map((offerId) => ({ ...f, offerId, sort: (i + 1) * 10 })))
  if (featured.length) await db.insert(featuredSlides).values(featured).onConflictDoNothing({ target: featuredSlides.code })
  await db.insert(lightLineBanners).values(home.lightLine).onConflictDoNothing({ target: lightLineBanners.code })
  await db
    .insert(distributors)
    .values(home.distributors.map((d, i) => ({ ...d, sort: (i + 1) * 10 })))
    .onConflictDoNothing({ target: distributors.code })
  await db
    .insert(socialPosts)
    .values(home.socialPosts.map(({ art: _art, ...p }) => p))
    .onConflictDoNothing({ target: socialPosts.code })

  if (options.uploadsDir) drawContentPictures(options.uploadsDir, data)
}

const PALETTE = ['#2f9e5b', '#f08a24', '#5b8def', '#d98bb5', '#8c7ae6', '#e56b6f', '#16a085', '#f5b342']

function drawContentPictures(uploadsDir: string, data: ReturnType<typeof loadContentSeed>): void {
  const write = (url: string, svg: string) => {
    if (!url.startsWith('/upload/')) return
    const file = path.join(uploadsDir, ...url.slice('/upload/'.length).split('/'))
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, svg)
  }
  for (const a of data.articles.articles) {
    write(a.picture, illustrationSvg(a.art.motif, a.art.color, a.name))
    if (a.expert) {
      const initials = a.expert.TITLE.split(' ')
        .map((w) => w.charAt(0))
        .join('')
      write(a.expert.IMG, expertSvg(initials, a.art.color))
    }
  }
  for (const n of data.news) write(n.picture, illustrationSvg(n.art.motif, n.art.color, n.name))
  for (const p of data.home.socialPosts) write(p.img, illustrationSvg(p.art.motif, p.art.color, p.text, { w: 400, h: 400 }))
  data.home.setsFromExperts.forEach((tab, t) => {
    for (const s of tab.slides) {
      if (s.img) {
        const c = (k: number) => PALETTE[(t + k) % PALETTE.length] ?? '#2f9e5b'
        write(s.img, setSvg([c(0), c(3), c(5)], s.title))
      }
    }
    for (const d of tab.decorations) {
      const kind = path.basename(d.img, '.svg') as Motif
      write(d.img, decorSvg(kind, PALETTE[t % PALETTE.length] ?? '#2f9e5b'))
    }
  })
  write('/upload/content/discount/sale.svg', saleStickerSvg())
  data.home.distributors.forEach((d, i) => write(d.image, distributorSvg(d.title, PALETTE[i % PALETTE.length] ?? '#2f9e5b')))
}
