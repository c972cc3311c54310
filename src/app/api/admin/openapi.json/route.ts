import { ADMIN_ENDPOINTS } from '@/admin/api'
import { openApiDocument } from '@/admin/openapi'
import { json } from '@/lib/ajax'
import { env } from '@/lib/env'

/** The API's description, public like any API reference: it names operations, never data. */
export function GET(): Response {
  return json(openApiDocument(ADMIN_ENDPOINTS, env().PUBLIC_URL))
}
