import 'server-only'
import { randomBytes } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { Refusal } from '@/lib/refusal'
import { env } from '@/lib/env'
import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_MAX_SIDE, REVIEW_MESSAGES as M } from './reviews'

/** S7: what the bytes say, not the name or the browser's type. SVG (text) never gets through. */
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif'])

export interface ProcessedPhoto {
  data: Buffer
  width: number
  height: number
}

/** Browsers send an empty part for an untouched file input. */
function isEmptyPart(f: File | string): boolean {
  return typeof f === 'string' || (f.size === 0 && f.name === '')
}

/**
 * Checks every photo and re-encodes it to WebP in memory (EXIF orientation applied, all metadata
 * dropped, scaled to fit 1600 px). Nothing touches the disk here, so a refusal leaves no file.
 */
export async function processPhotos(parts: readonly (File | string)[]): Promise<ProcessedPhoto[]> {
  const files = parts.filter((f): f is File => !isEmptyPart(f))
  if (files.length > MAX_PHOTOS) throw new Refusal('invalid', M.photoCount)
  for (const f of files) if (f.size > MAX_PHOTO_BYTES) throw new Refusal('too-large', M.photoSize)
  const out: ProcessedPhoto[] = []
  for (const file of files) {
    const bytes = new Uint8Array(await file.arrayBuffer())
    const kind = await fileTypeFromBuffer(bytes)
    if (!kind || !ACCEPTED.has(kind.mime)) throw new Refusal('invalid', M.photoType)
    try {
      const { data, info } = await sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error', animated: false })
        .rotate()
        .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true })
      out.push({ data, width: info.width, height: info.height })
    } catch {
      throw new Refusal('invalid', M.photoBroken)
    }
  }
  return out
}

export function reviewPhotosDir(): string {
  return path.resolve(env().VAR_DIR, 'uploads', 'reviews')
}

/** Writes the files under random names; answers their paths under /upload/. */
export async function storePhotos(photos: readonly ProcessedPhoto[]): Promise<string[]> {
  if (photos.length === 0) return []
  const dir = reviewPhotosDir()
  await mkdir(dir, { recursive: true })
  const names: string[] = []
  try {
    for (const p of photos) {
      const name = `${randomBytes(16).toString('hex')}.webp`
      await writeFile(path.join(dir, name), p.data, { flag: 'wx' })
      names.push(name)
    }
  } catch (error) {
    await removePhotos(names.map((n) => `reviews/${n}`))
    throw error
  }
  return names.map((n) => `reviews/${n}`)
}

/** Undo for a write that failed after the files were stored. */
export async function removePhotos(files: readonly string[]): Promise<void> {
  const dir = reviewPhotosDir()
  await Promise.all(files.map((f) => rm(path.join(dir, path.basename(f)), { force: true })))
}

export const photoUrl = (file: string) => `/upload/${file}`
