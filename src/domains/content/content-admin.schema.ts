import { z } from 'zod'
import { libraryPictureView } from '@/domains/media/media-library.schema'
import { richText } from '@/lib/rich-text'

/**
 * What staff send for articles, news, legal pages and the encyclopedia (issue 20, ADR 200): one
 * schema per input. Rich texts are cleaned by the `richText` type on the way in (ADR 157).
 */
export const CONTENT_MESSAGES = {
  format: 'Неверный формат.',
  unknownField: 'Неизвестное поле.',
  name: 'Название — от 2 до 200 символов.',
  code: 'Код — от 2 до 100 латинских букв, цифр, «-» или «_».',
  codeTaken: 'Такой код уже занят.',
  category: 'Категория — до 100 символов.',
  previewText: 'Анонс — до 2 000 символов.',
  picture: 'Картинка — адрес на этом сайте (/upload/…) или https://…',
  buttonUrl: 'Адрес кнопки — путь на этом сайте (/…) или https://…',
  buttonText: 'Текст кнопки — до 100 символов.',
  publishedAt: 'Дата публикации — дата и время в формате ISO (2026-11-27T10:00:00Z).',
  seoTitle: 'Заголовок для поисковиков — до 200 символов.',
  seoDescription: 'Описание для поисковиков — до 500 символов.',
  ids: 'Список — до 200 номеров.',
  tagNotFound: 'Такого тега нет.',
  newTags: 'Новые теги: до 20, каждый от 2 до 50 символов.',
  productNotFound: 'Такого товара нет.',
  sectionNotFound: 'Такого раздела энциклопедии нет.',
  articleNotFound: 'Статья не найдена.',
  newsNotFound: 'Новость не найдена.',
  legalNotFound: 'Страница не найдена.',
  elementNotFound: 'Элемент энциклопедии не найден.',
  legalTitle: 'Заголовок — от 2 до 200 символов.',
  legalSections: 'Разделы: от 1 до 50, у каждого заголовок до 200 символов и абзацы до 10 000 символов.',
  matchTerms: 'Слова для поиска в составе: до 50, каждое до 50 символов.',
  linkedSlug: 'На эту страницу ссылаются подвал сайта и оформление заказа: её код менять нельзя.',
  expert: 'Блок эксперта: фото, имя, должность и мнение, или null — без блока.',
  expertImg:
    'Фото эксперта: загрузите его, выберите из медиатеки или укажите адрес на этом сайте (/upload/…) или https://…',
  expertPicture: 'Выберите картинку из медиатеки или загрузите новую.',
  expertSize: 'Размер фото эксперта — small или big.',
  expertName: 'Имя эксперта — от 2 до 200 символов.',
  expertPosition: 'Должность эксперта — до 200 символов.',
  expertText: 'Мнение эксперта — от 2 до 2 000 символов.',
  accordion: 'Раскрывающиеся блоки: до 30.',
  accordionTitle: 'Заголовок блока (вопрос) — от 2 до 200 символов.',
  accordionText: 'Текст блока (ответ) — от 2 до 5 000 символов.',
  sectionOrder: 'Порядок разделов — номера всех разделов энциклопедии, каждый один раз.',
} as const

/** Legal pages the shop's own pages link to by address (footer, checkout consents, cookie banner). */
export const LINKED_LEGAL_SLUGS: ReadonlySet<string> = new Set([
  'about_personal_data',
  'cookie',
  'dogovor_publichnoy_oferty',
  'feedback_rules',
  'politika_konfidentsialnosti',
  'politika_obrabotki',
])
const M = CONTENT_MESSAGES

const strict = {
  error: (issue: { code: string }) => (issue.code === 'unrecognized_keys' ? M.unknownField : M.format),
}
const text = (max: number, message: string) =>
  z.string({ error: message }).trim().max(max, { error: message })
const flag = z.boolean({ error: M.format })
const id = z
  .number({ error: M.format })
  .int({ error: M.format })
  .positive({ error: M.format })
  .max(2_147_483_647, { error: M.format })
const ids = z.array(id, { error: M.ids }).max(200, { error: M.ids })

/** Part of the address (/health/item/{code}/, /news/{code}/, …), as the storefront's routes take it. */
export const contentCode = z
  .string({ error: M.code })
  .trim()
  .regex(/^[A-Za-z0-9_-]{2,100}$/, { error: M.code })
const name = z.string({ error: M.name }).trim().min(2, { error: M.name }).max(200, { error: M.name })
/** A site path or an https address: it lands in an <img src> or <a href>, never javascript: or data:. */
const address = (message: string) =>
  text(500, message).refine((v) => v === '' || /^\/[^/\\]/.test(v) || /^https:\/\/[^\s"'<>]+$/.test(v), {
    error: message,
  })
/** Kept a string, so a parsed body parses again unchanged; the use-case makes it a Date. */
const publishedAt = z.iso.datetime({ offset: true, error: M.publishedAt })
const body = richText
/** Plain text of min..max characters: shown escaped, never as HTML. */
const plain = (min: number, max: number, message: string) =>
  z.string({ error: message }).trim().min(min, { error: message }).max(max, { error: message })

/**
 * The article's expert block and accordion, in the storefront's own shape (DATA_EXPERT {IMG,
 * IMG_SIZE, TITLE, SUB_TITLE, TEXT}, accordion items {TITLE, TEXT}, ADR 208): plain text fields, no
 * HTML. null: no expert block.
 */
export const articleExpert = z
  .strictObject(
    {
      IMG: address(M.expertImg).default(''),
      IMG_SIZE: z.enum(['small', 'big'], { error: M.expertSize }),
      TITLE: plain(2, 200, M.expertName),
      SUB_TITLE: text(200, M.expertPosition),
      TEXT: plain(2, 2_000, M.expertText),
      /** A media-library photo (ADR 207, second addendum); null: IMG, a typed address, is the photo. */
      PICTURE_ID: id.nullable().default(null),
    },
    { error: M.expert },
  )
  .superRefine((e, ctx) => {
    if (e.IMG === '' && e.PICTURE_ID === null) ctx.addIssue({ code: 'custom', path: ['IMG'], message: M.expertImg })
  })
  .nullable()
export const articleAccordion = z
  .array(
    z.strictObject(
      { TITLE: plain(2, 200, M.accordionTitle), TEXT: plain(2, 5_000, M.accordionText) },
      { error: M.accordion },
    ),
    { error: M.accordion },
  )
  .max(30, { error: M.accordion })

type Expert = {
  IMG: string
  IMG_SIZE: 'small' | 'big'
  TITLE: string
  SUB_TITLE: string
  TEXT: string
  PICTURE_ID?: number | null
}
/**
 * The stored blocks with their keys in the schema's order: jsonb keeps keys in its own order, and an
 * unchanged save must compare equal to what the form sends (no audit line for nothing).
 */
export const expertView = (e: Expert | null): (Expert & { PICTURE_ID: number | null }) | null =>
  e && {
    IMG: e.IMG,
    IMG_SIZE: e.IMG_SIZE,
    TITLE: e.TITLE,
    SUB_TITLE: e.SUB_TITLE,
    TEXT: e.TEXT,
    PICTURE_ID: e.PICTURE_ID ?? null,
  }
export const accordionView = (items: readonly { TITLE: string; TEXT: string }[]) =>
  items.map((i) => ({ TITLE: i.TITLE, TEXT: i.TEXT }))

/** Fields with a default on create and all optional on change. */
function inputAndPatch<F extends Record<string, z.ZodType>, D extends Partial<Record<keyof F, unknown>>>(
  fields: F,
  defaults: D,
) {
  const input = z.strictObject(
    Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, k in defaults ? v.default(defaults[k as keyof F]) : v]),
    ) as {
      [K in keyof F]: K extends keyof D ? z.ZodDefault<F[K]> : F[K]
    },
    strict,
  )
  const patch = z.strictObject(
    Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.optional()])) as {
      [K in keyof F]: z.ZodOptional<F[K]>
    },
    strict,
  )
  return { input, patch }
}

/* ---------- articles ---------- */

const articleFields = {
  name,
  code: contentCode,
  category: text(100, M.category),
  previewText: text(2_000, M.previewText),
  picture: address(M.picture),
  text: body,
  buttonUrl: address(M.buttonUrl),
  buttonText: text(100, M.buttonText),
  expert: articleExpert,
  accordion: articleAccordion,
  tagIds: ids,
  /** Tags by name, created when there is none of that name (else the existing one is linked). */
  newTags: z
    .array(z.string({ error: M.newTags }).trim().min(2, { error: M.newTags }).max(50, { error: M.newTags }), {
      error: M.newTags,
    })
    .max(20, { error: M.newTags }),
  productIds: ids,
  recommended: flag,
  professional: flag,
  published: flag,
  publishedAt,
  seoTitle: text(200, M.seoTitle),
  seoDescription: text(500, M.seoDescription),
}
const articleSchemas = inputAndPatch(articleFields, {
  category: 'Статья',
  previewText: '',
  picture: '',
  text: '',
  buttonUrl: '',
  buttonText: '',
  expert: null,
  accordion: [],
  tagIds: [],
  newTags: [],
  productIds: [],
  recommended: false,
  professional: false,
  published: false,
  seoTitle: '',
  seoDescription: '',
})
export const articleInput = articleSchemas.input
export const articlePatch = articleSchemas.patch

export const articleView = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  category: z.string(),
  previewText: z.string(),
  picture: z.string(),
  text: z.string(),
  buttonUrl: z.string(),
  buttonText: z.string(),
  expert: z
    .object({
      IMG: z.string(),
      IMG_SIZE: z.enum(['small', 'big']),
      TITLE: z.string(),
      SUB_TITLE: z.string(),
      TEXT: z.string(),
      PICTURE_ID: z.number().nullable(),
    })
    .nullable(),
  /** The expert's library photo, for the picker's preview. */
  expertPicture: libraryPictureView.nullable(),
  accordion: z.array(z.object({ TITLE: z.string(), TEXT: z.string() })),
  tagIds: z.array(z.number()),
  productIds: z.array(z.number()),
  recommended: z.boolean(),
  professional: z.boolean(),
  published: z.boolean(),
  publishedAt: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  url: z.string(),
})
export type ArticleView = z.output<typeof articleView>

/* ---------- news ---------- */

const newsFields = {
  name,
  code: contentCode,
  previewText: text(2_000, M.previewText),
  picture: address(M.picture),
  text: body,
  published: flag,
  publishedAt,
  seoTitle: text(200, M.seoTitle),
  seoDescription: text(500, M.seoDescription),
}
const newsSchemas = inputAndPatch(newsFields, {
  previewText: '',
  picture: '',
  text: '',
  published: false,
  seoTitle: '',
  seoDescription: '',
})
export const newsInput = newsSchemas.input
export const newsPatch = newsSchemas.patch

export const newsView = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  previewText: z.string(),
  picture: z.string(),
  text: z.string(),
  published: z.boolean(),
  publishedAt: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  url: z.string(),
})
export type NewsView = z.output<typeof newsView>

/* ---------- legal pages ---------- */

const legalSections = z
  .array(
    z.strictObject(
      {
        heading: text(200, M.legalSections),
        paragraphs: z
          .array(text(10_000, M.legalSections), { error: M.legalSections })
          .max(100, { error: M.legalSections }),
      },
      strict,
    ),
    { error: M.legalSections },
  )
  .min(1, { error: M.legalSections })
  .max(50, { error: M.legalSections })
const legalFields = {
  title: z
    .string({ error: M.legalTitle })
    .trim()
    .min(2, { error: M.legalTitle })
    .max(200, { error: M.legalTitle }),
  slug: contentCode,
  sections: legalSections,
  published: flag,
}
const legalSchemas = inputAndPatch(legalFields, { published: false })
export const legalInput = legalSchemas.input
export const legalPatch = legalSchemas.patch

export const legalView = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
  published: z.boolean(),
  updatedAt: z.string(),
  url: z.string(),
})
export type LegalView = z.output<typeof legalView>

/* ---------- encyclopedia ---------- */

const encSectionFields = { name, code: contentCode }
const encSectionSchemas = inputAndPatch(encSectionFields, {})
export const encSectionInput = encSectionSchemas.input
export const encSectionPatch = encSectionSchemas.patch
export const encSectionView = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  elements: z.number(),
})
export type EncSectionView = z.output<typeof encSectionView>
/** The sections' order on the storefront's tabs: every section's id, the first shown first. */
export const encSectionOrder = z.strictObject(
  {
    sectionIds: z
      .array(id, { error: M.sectionOrder })
      .min(1, { error: M.sectionOrder })
      .max(500, { error: M.sectionOrder }),
  },
  strict,
)

const encElementFields = {
  name,
  code: contentCode,
  sectionId: id,
  previewText: text(2_000, M.previewText),
  text: body,
  matchTerms: z
    .array(text(50, M.matchTerms).toLowerCase(), { error: M.matchTerms })
    .max(50, { error: M.matchTerms }),
  productIds: ids,
  published: flag,
}
const encElementSchemas = inputAndPatch(encElementFields, {
  previewText: '',
  text: '',
  matchTerms: [],
  productIds: [],
  published: false,
})
export const encElementInput = encElementSchemas.input
export const encElementPatch = encElementSchemas.patch
export const encElementView = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  sectionId: z.number(),
  previewText: z.string(),
  text: z.string(),
  matchTerms: z.array(z.string()),
  productIds: z.array(z.number()),
  published: z.boolean(),
  url: z.string(),
})
export type EncElementView = z.output<typeof encElementView>

/* ---------- lists ---------- */

/** An untouched field of a GET form is '': read as "not given". */
const blank = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional())
export const contentListQuery = z.object({
  q: blank(z.string().trim().max(200)),
  state: blank(z.enum(['published', 'draft'])),
})
export type ContentListQuery = z.output<typeof contentListQuery>

export const contentListItem = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  /** Category, section, or '' */
  group: z.string(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  url: z.string(),
})
export type ContentListItem = z.output<typeof contentListItem>
export const contentList = z.object({ items: z.array(contentListItem) })
