import 'server-only'
import { randomBytes } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { env } from '@/lib/env'

/**
 * Where product pictures are kept (ADR 184): one interface, the local disk by default and an
 * S3-compatible bucket when S3_BUCKET is set. Keys are relative paths such as
 * `products/<content hash>.webp`; the same key always holds the same bytes, so a file is written once
 * and served as immutable.
 */
export type StorageKind = 'local' | 's3'

export interface PictureStorage {
  readonly kind: StorageKind
  put(key: string, data: Uint8Array, contentType: string): Promise<void>
  remove(key: string): Promise<void>
  /** The address a buyer's browser loads the file from. */
  url(key: string): string
}

export const IMMUTABLE = 'public, max-age=31536000, immutable'

function checkedKey(key: string): string {
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*\/[0-9a-f]{32}\.webp$/.test(key)) throw new Error(`Not a picture key: ${key}`)
  return key
}

export function uploadsRoot(): string {
  return path.resolve(env().VAR_DIR, 'uploads')
}

/** VAR_DIR/uploads, served by src/app/upload/products/[name]/route.ts. */
export function diskStorage(root: string = uploadsRoot()): PictureStorage {
  return {
    kind: 'local',
    async put(key, data) {
      const file = path.join(root, checkedKey(key))
      await mkdir(path.dirname(file), { recursive: true })
      // Written aside and renamed: a reader never sees half a file under the final (immutable) name.
      const temp = `${file}.${randomBytes(6).toString('hex')}.part`
      await writeFile(temp, data)
      await rename(temp, file)
    },
    async remove(key) {
      await rm(path.join(root, checkedKey(key)), { force: true })
    },
    url: (key) => `/upload/${checkedKey(key)}`,
  }
}

export interface S3Settings {
  endpoint?: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  publicUrl?: string
}

export function s3Storage(s: S3Settings): PictureStorage {
  const client = new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    // Path style works with every S3-compatible service (a bucket name with dots breaks the other).
    forcePathStyle: true,
    // The SDK's default checksums on every upload are not understood by all S3-compatible services.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  })
  const base = (s.publicUrl ?? `${(s.endpoint ?? `https://s3.${s.region}.amazonaws.com`).replace(/\/+$/, '')}/${s.bucket}`).replace(/\/+$/, '')
  return {
    kind: 's3',
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: s.bucket, Key: checkedKey(key), Body: data, ContentType: contentType, CacheControl: IMMUTABLE }),
      )
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: checkedKey(key) }))
    },
    url: (key) => `${base}/${checkedKey(key)}`,
  }
}

/** The S3 settings when S3_BUCKET is set; a bucket without its keys is a mistake worth stopping on. */
export function s3Settings(): S3Settings | null {
  const e = env()
  if (!e.S3_BUCKET) return null
  if (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) throw new Error('S3_BUCKET is set without S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (ADR 184).')
  return {
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    publicUrl: e.S3_PUBLIC_URL,
  }
}

/** The storage new pictures go to. */
export function pictureStorage(): PictureStorage {
  const s3 = s3Settings()
  return s3 ? s3Storage(s3) : diskStorage()
}

/** The storage a stored picture is in, to delete it there; null when S3 is no longer set up. */
export function storageOf(kind: StorageKind): PictureStorage | null {
  if (kind === 'local') return diskStorage()
  const s3 = s3Settings()
  return s3 ? s3Storage(s3) : null
}
