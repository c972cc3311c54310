import { z } from 'zod'
import { savedView, savedViewIdParams, savedViewInput, savedViewListQuery } from '@/domains/staff/saved-views.schema'
import { deleteView, listSavedViews, saveView } from '@/domains/staff/saved-views.server'
import { endpoint } from '../endpoint'

const TAG = 'Сохранённые виды'

/** A view is a saved order-list filter: whoever may read the list may keep their own shortcuts to it. */
export const listSavedViewsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/saved-views',
  permission: 'orders.read',
  summary: 'Сохранённые виды списка текущего сотрудника (у токена API их нет — пустой список)',
  tag: TAG,
  query: savedViewListQuery,
  response: z.object({ items: z.array(savedView) }),
  handle: async ({ query, actor }) => ({ items: await listSavedViews(actor, query.list) }),
})

export const createSavedViewEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/saved-views',
  permission: 'orders.read',
  summary: 'Сохранить вид: название и строка запроса списка; то же название заменяет фильтр (до 20 видов)',
  tag: TAG,
  body: savedViewInput,
  response: savedView,
  handle: ({ body, actor }) => saveView(actor, body),
})

export const deleteSavedViewEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/admin/saved-views/{id}',
  permission: 'orders.read',
  summary: 'Удалить свой сохранённый вид (чужой — «не найдено»)',
  tag: TAG,
  params: savedViewIdParams,
  response: z.object({ deleted: z.literal(true) }),
  handle: ({ params, actor }) => deleteView(actor, params.id),
})

export const savedViewEndpoints = [listSavedViewsEndpoint, createSavedViewEndpoint, deleteSavedViewEndpoint]
