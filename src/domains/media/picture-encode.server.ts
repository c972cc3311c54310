import 'server-only'
import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { Refusal } from '@/lib/refusal'
import { MAX_PICTURE_BYTES, MAX_PICTURE_PIXELS, PICTURE_MESSAGES as M, PICTURE_SIZES, pictureFileName, sniffPicture, type PictureSize } from './media'

export interface EncodedSize {
  name: PictureSize
  data: Buffer
  width: number
  height: number
  /** `<content hash>.webp`: the file's own bytes name it. */
  fileName: string
}

export interface EncodedPicture {
  /** SHA-256 of the uploaded bytes. */
  hash: string
  sizes: EncodedSize[]
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex')

/**
 * Checks the upload by its bytes and re-encodes it into every size (EXIF orientation applied, every
 * metadata block dropped, so no location or camera data reaches the storefront). Nothing is stored
 * here: a refusal leaves no file.
 */
export async function encodePicture(bytes: Uint8Array): Promise<EncodedPicture> {
  if (bytes.byteLength === 0) throw new Refusal('invalid', M.empty)
  if (bytes.byteLength > MAX_PICTURE_BYTES) throw new Refusal('too-large', M.size)
  if (!sniffPicture(bytes)) throw new Refusal('invalid', M.type)
  const sizes: EncodedSize[] = []
  try {
    // One decode, then a clone per size.
    const source = sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error', animated: false }).rotate()
    for (const [name, box] of Object.entries(PICTURE_SIZES) as [PictureSize, number][]) {
      const { data, info } = await source
        .clone()
        .resize({ width: box, height: box, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: name === 'thumb' ? 76 : 82 })
        .toBuffer({ resolveWithObject: true })
      sizes.push({ name, data, width: info.width, height: info.height, fileName: pictureFileName(sha256(data)) })
    }
  } catch {
    throw new Refusal('invalid', M.broken)
  }
  return { hash: sha256(bytes), sizes }
}
