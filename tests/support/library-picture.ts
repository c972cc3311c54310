import sharp from 'sharp'
import { expect } from 'vitest'
import { uploadLibraryEndpoint } from '@/admin/api/banners'
import type { LibraryPictureView } from '@/domains/media/media-library'

/**
 * A one-colour PNG put into the media library as the editor's page sends it (the file's bytes as
 * the body, the alt text in the address), by the staff member whose cookie is given. Must succeed.
 */
export async function libraryPictureUploaded(
  cookie: string | undefined,
  colour: string,
  alt: string,
  size: { width: number; height: number } = { width: 900, height: 600 },
): Promise<LibraryPictureView> {
  const bytes = Uint8Array.from(await sharp({ create: { ...size, channels: 3, background: colour } }).png().toBuffer())
  const url = new URL('/api/admin/media/', 'http://localhost:3000')
  url.searchParams.set('alt', alt)
  const response = await uploadLibraryEndpoint.serve(
    new Request(url, {
      method: 'POST',
      headers: { host: 'localhost:3000', origin: 'http://localhost:3000', cookie: cookie ?? '', 'content-type': 'image/png' },
      body: bytes,
    }),
  )
  expect(response.status).toBe(200)
  return (await response.json()) as LibraryPictureView
}
