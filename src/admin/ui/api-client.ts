'use client'

/**
 * The back office's pages change data through the same REST API integrations use (ADR 162). The
 * staff cookie goes along on its own (same origin); a refusal comes back as an AdminApiError with the
 * server's Russian message and its field errors.
 */
export class AdminApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(message)
  }
}

interface ErrorBody {
  error?: string
  errors?: { field: string; message: string }[]
}

export async function adminFetch<T = unknown>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
    credentials: 'same-origin',
  })
  const data: unknown = await response.json().catch(() => ({}))
  if (!response.ok) {
    const { error, errors = [] } = data as ErrorBody
    // The session ended (idle timeout): a full load to the login page, which brings the member back here.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    if (response.status === 401) window.location.assign(`/admin/login/?next=${encodeURIComponent(window.location.pathname + window.location.search)}`)
    throw new AdminApiError(error ?? 'Не получилось. Попробуйте ещё раз.', response.status, Object.fromEntries(errors.map((e) => [e.field, e.message])))
  }
  return data as T
}
