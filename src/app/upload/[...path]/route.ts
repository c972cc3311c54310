import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { env } from '@/lib/env'

const TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
}

/** Files written at run time (pack shots, review photos) live in var/uploads, outside the build. */
export async function GET(_request: Request, { params }: RouteContext<'/upload/[...path]'>) {
  const parts = (await params).path
  if (parts.some((p) => p === '..' || p.includes('/') || p.includes('\\') || p.startsWith('.'))) {
    return new Response('Not found', { status: 404 })
  }
  const root = path.resolve(env().VAR_DIR, 'uploads')
  const file = path.resolve(root, ...parts)
  const type = TYPES[path.extname(file).toLowerCase()]
  if (!file.startsWith(root + path.sep) || !type) return new Response('Not found', { status: 404 })
  try {
    const body = await readFile(file)
    return new Response(body, {
      headers: {
        'content-type': type,
        'cache-control': 'public, max-age=86400',
        // An uploaded SVG must never run script in our origin.
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        'x-content-type-options': 'nosniff',
      },
    })
  } catch {
    return new Response('Not found', { status: 404 })
  }
}
