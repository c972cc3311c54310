import { isPreview } from '@/domains/content/preview.server'
import { encElementsInput } from '@/domains/encyclopedia/encyclopedia.schema'
import { encElementsByLetter } from '@/domains/encyclopedia/encyclopedia.server'
import { ajax } from '@/lib/ajax'
import { DRAFT_MODE_COOKIE } from '@/lib/page-cache'
import { readCookie } from '@/lib/session'

/** An editor's preview (ADR 201, 208) lists hidden elements too; a buyer's request never asks for one. */
export const POST = ajax(encElementsInput, async (input, { request }) => {
  const drafts = readCookie(request.headers.get('cookie'), DRAFT_MODE_COOKIE) !== undefined && (await isPreview())
  return encElementsByLetter(input.ID, drafts)
})
