import { z } from 'zod'
import { db } from '@/db/client'
import {
  ecoPointInput,
  ecoPointList,
  ecoPointPatch,
  ecoPointQuery,
  ecoPointView,
} from '@/domains/eco/eco-admin.schema'
import { createEcoPoint, ecoPointById, listEcoPoints, updateEcoPoint } from '@/domains/eco/eco-admin.server'
import { wire } from '@/lib/ajax'
import { endpoint } from '../endpoint'

/** Eco-box points of /eco/eco-box/ (issue 20, ADR 202). */
const id = z.object({ id: wire.id })
const TAG = 'Эко-пункты'

export const listEcoPointsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/eco-points',
  permission: 'catalog.read',
  summary: 'Эко-пункты по городам, скрытые тоже',
  tag: TAG,
  query: ecoPointQuery,
  response: ecoPointList,
  handle: ({ query }) => listEcoPoints(db(), query),
})

export const createEcoPointEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/eco-points',
  permission: 'content.write',
  summary: 'Добавить эко-пункт',
  tag: TAG,
  body: ecoPointInput,
  response: ecoPointView,
  handle: ({ body, actor }) => createEcoPoint(db(), actor, body),
})

export const readEcoPointEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/eco-points/{id}',
  permission: 'catalog.read',
  summary: 'Эко-пункт',
  tag: TAG,
  params: id,
  response: ecoPointView,
  handle: ({ params }) => ecoPointById(db(), params.id),
})

export const updateEcoPointEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/eco-points/{id}',
  permission: 'content.write',
  summary: 'Изменить или скрыть эко-пункт (скрытый пропадает с карты)',
  tag: TAG,
  params: id,
  body: ecoPointPatch,
  response: ecoPointView,
  handle: ({ params, body, actor }) => updateEcoPoint(db(), actor, params.id, body),
})

export const ecoEndpoints = [
  listEcoPointsEndpoint,
  createEcoPointEndpoint,
  readEcoPointEndpoint,
  updateEcoPointEndpoint,
]
