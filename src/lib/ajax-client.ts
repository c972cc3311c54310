/**
 * Browser side of the /ajax contract: reads `sessid` from its cookie and POSTs form data the way the
 * spec's pages do. Safe to import from client components only.
 */
import { SESSID_COOKIE } from './session-cookies'

export function readSessid(): string {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${SESSID_COOKIE}=`))
  return match ? decodeURIComponent(match.slice(SESSID_COOKIE.length + 1)) : ''
}

export type FieldValue = string | number | boolean | File | readonly (string | number)[] | null | undefined

/** Builds the body: arrays become `name[]`, nested objects `name[key]`, files force multipart. */
export function toFormBody(fields: Record<string, FieldValue | Record<string, FieldValue>>): URLSearchParams | FormData {
  const entries: [string, string | File][] = []
  const add = (name: string, value: FieldValue) => {
    if (value === null || value === undefined) return
    if (Array.isArray(value)) for (const v of value) entries.push([`${name}[]`, String(v)])
    else if (value instanceof File) entries.push([name, value])
    else if (typeof value === 'boolean') entries.push([name, value ? 'Y' : 'N'])
    else entries.push([name, String(value)])
  }
  for (const [name, value] of Object.entries(fields)) {
    if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof File)) {
      for (const [key, inner] of Object.entries(value)) add(`${name}[${key}]`, inner as FieldValue)
    } else add(name, value as FieldValue)
  }
  entries.push(['sessid', readSessid()])
  if (entries.some(([, v]) => v instanceof File)) {
    const form = new FormData()
    for (const [k, v] of entries) form.append(k, v)
    return form
  }
  return new URLSearchParams(entries as [string, string][])
}

export class AjaxCallError extends Error {
  override name = 'AjaxCallError'
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message)
  }
}

/** POSTs and returns the parsed JSON; a non-2xx answer throws AjaxCallError with the server's message. */
export async function postForm<T>(
  url: string,
  fields: Record<string, FieldValue | Record<string, FieldValue>>,
  init: { signal?: AbortSignal } = {},
): Promise<T> {
  const response = await fetch(url, { method: 'POST', body: toFormBody(fields), signal: init.signal, credentials: 'same-origin' })
  const text = await response.text()
  let body: unknown = null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    body = text
  }
  if (!response.ok) {
    const message =
      body && typeof body === 'object' && 'error' in body && typeof body.error === 'string'
        ? body.error
        : 'Произошла ошибка, попробуйте повторить попытку позже.'
    throw new AjaxCallError(response.status, message, body)
  }
  return body as T
}
