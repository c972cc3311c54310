import { z } from 'zod'
import { db } from '@/db/client'
import {
  landingDraftInput,
  landingInput,
  landingList,
  landingPatch,
  landingView,
} from '@/domains/landings/landings-admin.schema'
import {
  createLanding,
  discardLandingDraft,
  landingById,
  listLandings,
  publishLanding,
  saveLandingDraft,
  updateLanding,
} from '@/domains/landings/landings-admin.server'
import { wire } from '@/lib/ajax'
import { endpoint } from '../endpoint'

/** Landing pages: blocks edited as a draft, previewed, then published (issue 20, ADR 203). */
const id = z.object({ id: wire.id })
const TAG = 'Лендинги'

export const listLandingsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/landings',
  permission: 'catalog.read',
  summary: 'Лендинги: товарные, программа похудения и меню',
  tag: TAG,
  response: landingList,
  handle: () => listLandings(db()),
})

export const createLandingEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/landings',
  permission: 'content.write',
  summary: 'Создать лендинг товара (скрытым, с первым экраном)',
  tag: TAG,
  body: landingInput,
  response: landingView,
  handle: ({ body, actor }) => createLanding(db(), actor, body),
})

export const readLandingEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/landings/{id}',
  permission: 'catalog.read',
  summary: 'Лендинг: опубликованные блоки и черновик',
  tag: TAG,
  params: id,
  response: landingView,
  handle: ({ params }) => landingById(db(), params.id),
})

export const updateLandingEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/landings/{id}',
  permission: 'content.write',
  summary: 'Показать или скрыть лендинг',
  tag: TAG,
  params: id,
  body: landingPatch,
  response: landingView,
  handle: ({ params, body, actor }) => updateLanding(db(), actor, params.id, body),
})

export const saveLandingDraftEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/landings/{id}/draft',
  permission: 'content.write',
  summary: 'Сохранить черновик: название, товар и блоки, каждый по схеме своего вида; сайт не меняется',
  tag: TAG,
  params: id,
  body: landingDraftInput,
  response: landingView,
  handle: ({ params, body, actor }) => saveLandingDraft(db(), actor, params.id, body),
})

export const discardLandingDraftEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/admin/landings/{id}/draft',
  permission: 'content.write',
  summary: 'Отменить черновик',
  tag: TAG,
  params: id,
  response: landingView,
  handle: ({ params, actor }) => discardLandingDraft(db(), actor, params.id),
})

export const publishLandingEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/landings/{id}/publish',
  permission: 'content.write',
  summary: 'Опубликовать черновик: он становится страницей, и страница показывается на сайте',
  tag: TAG,
  params: id,
  response: landingView,
  handle: ({ params, actor }) => publishLanding(db(), actor, params.id),
})

export const landingEndpoints = [
  listLandingsEndpoint,
  createLandingEndpoint,
  readLandingEndpoint,
  updateLandingEndpoint,
  saveLandingDraftEndpoint,
  discardLandingDraftEndpoint,
  publishLandingEndpoint,
]
