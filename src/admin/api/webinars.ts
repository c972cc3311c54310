import { z } from 'zod'
import { db } from '@/db/client'
import {
  registrationList,
  webinarInput,
  webinarList,
  webinarPatch,
  webinarView,
} from '@/domains/webinars/webinars-admin.schema'
import {
  createWebinar,
  listWebinars,
  updateWebinar,
  webinarById,
  webinarRegistrations,
  webinarRegistrationsCsv,
} from '@/domains/webinars/webinars-admin.server'
import { wire } from '@/lib/ajax'
import { csvFile, endpoint } from '../endpoint'

/** Webinars of the B2B calendar and who signed up for each (issue 20, ADR 202). */
const id = z.object({ id: wire.id })
const TAG = 'Вебинары'

export const listWebinarsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/webinars',
  permission: 'catalog.read',
  summary: 'Вебинары, поздние сначала, с числом регистраций',
  tag: TAG,
  response: webinarList,
  handle: () => listWebinars(db()),
})

export const createWebinarEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/webinars',
  permission: 'content.write',
  summary: 'Добавить вебинар (создаётся неопубликованным, если не сказано иное)',
  tag: TAG,
  body: webinarInput,
  response: webinarView,
  handle: ({ body, actor }) => createWebinar(db(), actor, body),
})

export const readWebinarEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/webinars/{id}',
  permission: 'catalog.read',
  summary: 'Вебинар',
  tag: TAG,
  params: id,
  response: webinarView,
  handle: ({ params }) => webinarById(db(), params.id),
})

export const updateWebinarEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/webinars/{id}',
  permission: 'content.write',
  summary:
    'Изменить, опубликовать или снять вебинар (снятый пропадает из календаря и не принимает регистраций)',
  tag: TAG,
  params: id,
  body: webinarPatch,
  response: webinarView,
  handle: ({ params, body, actor }) => updateWebinar(db(), actor, params.id, body),
})

export const webinarRegistrationsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/webinars/{id}/registrations',
  permission: 'inbox.read',
  summary: 'Кто зарегистрировался на вебинар, по порядку',
  tag: TAG,
  params: id,
  response: registrationList,
  handle: ({ params }) => webinarRegistrations(db(), params.id),
})

export const exportWebinarRegistrationsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/webinars/{id}/registrations/export',
  permission: 'inbox.read',
  summary: 'Регистрации на вебинар в CSV (UTF-8 с BOM, разделитель «;»)',
  tag: TAG,
  params: id,
  response: 'csv',
  handle: async ({ params }) => {
    const file = await webinarRegistrationsCsv(db(), params.id)
    return csvFile(file.name, file.csv)
  },
})

export const webinarEndpoints = [
  listWebinarsEndpoint,
  createWebinarEndpoint,
  readWebinarEndpoint,
  updateWebinarEndpoint,
  webinarRegistrationsEndpoint,
  exportWebinarRegistrationsEndpoint,
]
