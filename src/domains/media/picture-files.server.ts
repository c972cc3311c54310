import 'server-only'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { PICTURE_FILE_NAME } from './media'
import { IMMUTABLE, uploadsRoot } from './picture-storage.server'

/**
 * A stored size from the local disk. The name is checked against the content-hash pattern before
 * any path is built, so nothing but our own files can be read.
 */
export async function readProductPicture(name: string): Promise<Response> {
  if (!PICTURE_FILE_NAME.test(name)) return new Response('Not found', { status: 404 })
  try {
    const body = await readFile(path.join(uploadsRoot(), 'products', name))
    return new Response(body, {
      headers: {
        'content-type': 'image/webp',
        'cache-control': IMMUTABLE,
        'x-content-type-options': 'nosniff',
      },
    })
  } catch {
    // Not cached: a file written a moment later (another instance's upload on shared disk) must show.
    return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } })
  }
}
