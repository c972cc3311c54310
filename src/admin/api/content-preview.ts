import { draftMode } from 'next/headers'
import { z } from 'zod'
import { PREVIEW_MESSAGES, previewTarget } from '@/domains/content/preview'
import { Refusal } from '@/lib/refusal'
import type { Actor } from '@/domains/staff/permissions'
import { endpoint } from '../endpoint'

/**
 * The draft preview (ADR 201): a staff member who may change content is sent to a storefront page
 * in Next's draft mode, where the loaders include unpublished rows (`isPreview()`). POST, since it
 * changes what the browser's next requests see; the back office's «Предпросмотр» is a form.
 */
const TAG = 'Контент'
const pathQuery = z.object({ path: z.string().max(500).optional() })
const exitQuery = z.object({ path: z.string().max(500).optional() })

function browserOnly(actor: Actor): void {
  if (actor.kind !== 'staff') throw new Refusal('forbidden', PREVIEW_MESSAGES.tokenRefused)
}

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } })

export const previewEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/preview',
  permission: 'content.write',
  summary:
    'Включить предпросмотр черновиков в этом браузере (режим черновика Next) и перейти на страницу витрины path; ответ — 303. Только для сессии сотрудника.',
  tag: TAG,
  query: pathQuery,
  response: z.object({}),
  handle: async ({ query, actor }) => {
    browserOnly(actor)
    const target = previewTarget(query.path ?? '')
    if (!target) throw new Refusal('invalid', PREVIEW_MESSAGES.badPath)
    ;(await draftMode()).enable()
    return seeOther(target)
  },
})

export const previewExitEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/preview/exit',
  permission: 'content.write',
  summary: 'Выключить предпросмотр черновиков в этом браузере и вернуться на страницу path (303)',
  tag: TAG,
  query: exitQuery,
  response: z.object({}),
  handle: async ({ query, actor }) => {
    browserOnly(actor)
    ;(await draftMode()).disable()
    return seeOther(previewTarget(query.path ?? '/') ?? '/')
  },
})

export const contentPreviewEndpoints = [previewEndpoint, previewExitEndpoint]
