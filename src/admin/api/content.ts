import { z } from 'zod'
import { db } from '@/db/client'
import {
  articleInput,
  articlePatch,
  articleView,
  encElementInput,
  encElementPatch,
  encSectionInput,
  encSectionOrder,
  encSectionPatch,
  legalInput,
  legalPatch,
  newsInput,
  newsPatch,
  contentList,
  contentListQuery,
  encElementView,
  encSectionView,
  legalView,
  newsView,
} from '@/domains/content/content-admin.schema'
import {
  articleById,
  createArticle,
  createLegalPage,
  createNews,
  legalById,
  listArticles,
  listArticleTags,
  listLegalPages,
  listNews,
  newsById,
  updateArticle,
  updateLegalPage,
  updateNews,
} from '@/domains/content/content-admin.server'
import {
  createEncElement,
  createEncSection,
  encElementById,
  listEncElements,
  listEncSections,
  updateEncElement,
  updateEncSection,
} from '@/domains/encyclopedia/encyclopedia-admin.server'
import { reorderEncSections } from '@/domains/encyclopedia/enc-section-order.server'
import { wire } from '@/lib/ajax'
import { endpoint, type Endpoint } from '../endpoint'

/**
 * Articles, news, the encyclopedia and legal pages (issue 20, ADR 200). Reading: catalog.read (the
 * content editor, the manager, the warehouse); changing: content.write. Bodies are described and
 * checked by the domain's schemas (Russian messages per field). No DELETE: an item is hidden, never removed.
 */
const TAG = 'Контент'
const id = z.object({ id: wire.id })

interface Kind<V extends z.ZodType, I extends z.ZodType, P extends z.ZodType> {
  path: string
  what: string
  view: V
  input: I
  patch: P
  list: (query: z.output<typeof contentListQuery>) => Promise<z.input<typeof contentList>>
  byId: (id: number) => Promise<z.input<V>>
  create: (actor: Parameters<typeof createArticle>[1], body: unknown) => Promise<z.input<V>>
  update: (actor: Parameters<typeof createArticle>[1], id: number, body: unknown) => Promise<z.input<V>>
}

function crud<V extends z.ZodType, I extends z.ZodType, P extends z.ZodType>(k: Kind<V, I, P>) {
  return {
    list: endpoint({
      method: 'GET',
      path: k.path,
      permission: 'catalog.read',
      summary: `${k.what}: список (q — часть названия или кода, state — published или draft)`,
      tag: TAG,
      query: contentListQuery,
      response: contentList,
      handle: ({ query }) => k.list(query),
    }),
    create: endpoint({
      method: 'POST',
      path: k.path,
      permission: 'content.write',
      summary: `${k.what}: создать (по умолчанию черновиком, published: false); HTML хранится очищенным`,
      tag: TAG,
      body: k.input,
      response: k.view,
      handle: ({ body, actor }) => k.create(actor, body),
    }),
    read: endpoint({
      method: 'GET',
      path: `${k.path}/{id}`,
      permission: 'catalog.read',
      summary: `${k.what}: одна запись со всеми полями`,
      tag: TAG,
      params: id,
      response: k.view,
      handle: ({ params }) => k.byId(params.id),
    }),
    update: endpoint({
      method: 'PATCH',
      path: `${k.path}/{id}`,
      permission: 'content.write',
      summary: `${k.what}: изменить, опубликовать (published: true) или скрыть (false: покупателю — 404)`,
      tag: TAG,
      params: id,
      body: k.patch,
      response: k.view,
      handle: ({ params, body, actor }) => k.update(actor, params.id, body),
    }),
  }
}

const withDb =
  <A extends unknown[], R>(f: (q: ReturnType<typeof db>, ...args: A) => Promise<R>) =>
  (...args: A) =>
    f(db(), ...args)

export const articleEndpoints = crud({
  path: '/api/admin/articles',
  what: 'Статьи',
  view: articleView,
  input: articleInput,
  patch: articlePatch,
  list: withDb(listArticles),
  byId: withDb(articleById),
  create: withDb(createArticle),
  update: withDb(updateArticle),
})

export const articleTagsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/article-tags',
  permission: 'catalog.read',
  summary: 'Теги статей (для выбора в редакторе)',
  tag: TAG,
  response: z.object({ items: z.array(z.object({ id: z.number(), name: z.string() })) }),
  handle: async () => ({ items: await listArticleTags(db()) }),
})

export const newsEndpoints = crud({
  path: '/api/admin/news',
  what: 'Новости',
  view: newsView,
  input: newsInput,
  patch: newsPatch,
  list: withDb(listNews),
  byId: withDb(newsById),
  create: withDb(createNews),
  update: withDb(updateNews),
})

export const legalEndpoints = crud({
  path: '/api/admin/legal-pages',
  what: 'Юридические страницы',
  view: legalView,
  input: legalInput,
  patch: legalPatch,
  list: withDb(listLegalPages),
  byId: withDb(legalById),
  create: withDb(createLegalPage),
  update: withDb(updateLegalPage),
})

export const encElementEndpoints = crud({
  path: '/api/admin/encyclopedia/elements',
  what: 'Энциклопедия, элементы',
  view: encElementView,
  input: encElementInput,
  patch: encElementPatch,
  list: withDb(listEncElements),
  byId: withDb(encElementById),
  create: withDb(createEncElement),
  update: withDb(updateEncElement),
})

export const listEncSectionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/encyclopedia/sections',
  permission: 'catalog.read',
  summary: 'Энциклопедия, разделы (вкладки) с числом элементов',
  tag: TAG,
  response: z.object({ items: z.array(encSectionView) }),
  handle: () => listEncSections(db()),
})
export const createEncSectionEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/encyclopedia/sections',
  permission: 'content.write',
  summary: 'Энциклопедия: создать раздел',
  tag: TAG,
  body: encSectionInput,
  response: encSectionView,
  handle: ({ body, actor }) => createEncSection(db(), actor, body),
})
export const updateEncSectionEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/encyclopedia/sections/{id}',
  permission: 'content.write',
  summary: 'Энциклопедия: переименовать раздел или сменить его код',
  tag: TAG,
  params: id,
  body: encSectionPatch,
  response: encSectionView,
  handle: ({ params, body, actor }) => updateEncSection(db(), actor, params.id, body),
})

export const reorderEncSectionsEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/encyclopedia/sections/order',
  permission: 'content.write',
  summary: 'Энциклопедия: порядок разделов (вкладок) — номера всех разделов, первый показывается первым',
  tag: TAG,
  body: encSectionOrder,
  response: z.object({ items: z.array(encSectionView) }),
  handle: ({ body, actor }) => reorderEncSections(db(), actor, body),
})

export const contentEndpoints: readonly Endpoint[] = [
  ...Object.values(articleEndpoints),
  articleTagsEndpoint,
  ...Object.values(newsEndpoints),
  ...Object.values(legalEndpoints),
  ...Object.values(encElementEndpoints),
  listEncSectionsEndpoint,
  createEncSectionEndpoint,
  updateEncSectionEndpoint,
  reorderEncSectionsEndpoint,
]
