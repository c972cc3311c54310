import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
// s3rver ships no types; the few members used here are declared in s3rver.d.ts beside this file.
import S3rver from 's3rver'

/**
 * A local S3-compatible server (s3rver, from the npm registry) with one bucket, on a free port of
 * 127.0.0.1, its objects in a temporary folder. It checks AWS signatures with its fixed keys.
 */
export interface S3Fake {
  endpoint: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  /** The bytes and headers of an object as a plain GET sees them; null when there is none. */
  get(key: string): Promise<{ bytes: Uint8Array; contentType: string | null; cacheControl: string | null } | null>
  stop(): Promise<void>
}

export async function startS3Fake(bucket = 'shop-pictures'): Promise<S3Fake> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3-fake-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async get(key) {
      const response = await fetch(`${endpoint}/${bucket}/${key}`)
      if (response.status === 404) return null
      if (!response.ok) throw new Error(`S3 fake answered ${response.status}`)
      return {
        bytes: new Uint8Array(await response.arrayBuffer()),
        contentType: response.headers.get('content-type'),
        cacheControl: response.headers.get('cache-control'),
      }
    },
    async stop() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
