import 'server-only'
import { createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import yauzl from 'yauzl'
import { env } from '@/lib/env'
import { Refusal } from '@/lib/refusal'
import { EXCHANGE_MESSAGES as M, safeRelativeName } from './exchange'
import { exchangeSettings } from './exchange-settings.server'

/**
 * Each exchange run has a folder of its own under VAR_DIR/exchange/: 1С's pieces are appended there,
 * its zips unpacked there, and the import reads from there. Nothing outside it is ever written.
 */
export function sessionFolder(sessionId: number): string {
  return path.resolve(env().VAR_DIR, 'exchange', String(sessionId))
}

/** The absolute path of a name inside the folder, or a refusal when the name would leave it. */
export function fileIn(sessionId: number, rawName: string | null | undefined): string {
  const name = safeRelativeName(rawName)
  if (!name) throw new Refusal('invalid', M.badFilename)
  const folder = sessionFolder(sessionId)
  const target = path.resolve(folder, name)
  if (!target.startsWith(folder + path.sep)) throw new Refusal('invalid', M.badFilename)
  return target
}

/** Appends one piece (a whole small file, or the next part of a big one) and answers the file's size. */
export async function appendPiece(sessionId: number, rawName: string, body: AsyncIterable<Uint8Array>): Promise<number> {
  const target = fileIn(sessionId, rawName)
  await mkdir(path.dirname(target), { recursive: true })
  const limit = (await exchangeSettings()).fileLimit
  let received = 0
  async function* capped() {
    for await (const chunk of body) {
      received += chunk.byteLength
      if (received > limit) throw new Refusal('too-large', M.tooBig)
      yield chunk
    }
  }
  await pipeline(capped, createWriteStream(target, { flags: 'a' }))
  return (await stat(target)).size
}

const UNPACKED = '.unpacked'

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => yauzl.open(file, { lazyEntries: true, decodeStrings: true }, (e, zip) => (e || !zip ? reject(e ?? new Error('zip')) : resolve(zip))))
}

/** Unpacks one zip into the folder; an entry whose name would leave it refuses the whole archive. */
async function unpack(sessionId: number, file: string): Promise<void> {
  const zip = await openZip(file)
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject)
      zip.on('end', () => resolve())
      zip.on('entry', (entry: yauzl.Entry) => {
        void (async () => {
          if (entry.fileName.endsWith('/')) return zip.readEntry()
          const target = fileIn(sessionId, entry.fileName)
          await mkdir(path.dirname(target), { recursive: true })
          const stream = await new Promise<NodeJS.ReadableStream>((ok, fail) => zip.openReadStream(entry, (e, s) => (e || !s ? fail(e ?? new Error('entry')) : ok(s))))
          await pipeline(stream, createWriteStream(target))
          zip.readEntry()
        })().catch(reject)
      })
      zip.readEntry()
    })
  } finally {
    zip.close()
  }
}

/** 1С sends a zip in pieces like any file; the archives are unpacked once, before the first import reads. */
export async function unpackArchives(sessionId: number): Promise<void> {
  const folder = sessionFolder(sessionId)
  const names = await readdir(folder).catch(() => [] as string[])
  for (const name of names.filter((n) => n.toLowerCase().endsWith('.zip'))) {
    const file = path.join(folder, name)
    try {
      await unpack(sessionId, file)
    } catch (e) {
      if (e instanceof Refusal) throw e
      throw new Refusal('invalid', `${M.badZip} ${name}`)
    }
    await rename(file, file + UNPACKED)
  }
}

export async function fileExists(file: string): Promise<boolean> {
  return stat(file).then((s) => s.isFile(), () => false)
}

/** Runs' folders untouched this long are gone: 1С's files are only needed during its run. */
const KEEP_FOLDERS_MS = 2 * 24 * 60 * 60_000

/**
 * A new run starts with an empty folder, whatever a database restored from an old backup left there,
 * and takes away the folders of runs long over, so the disk does not fill with old uploads.
 */
export async function clearSessionFolder(sessionId: number, at: Date): Promise<void> {
  await rm(sessionFolder(sessionId), { recursive: true, force: true })
  const root = path.resolve(env().VAR_DIR, 'exchange')
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const folder = path.join(root, name)
    const info = await stat(folder).catch(() => null)
    if (info?.isDirectory() && at.getTime() - info.mtime.getTime() > KEEP_FOLDERS_MS) await rm(folder, { recursive: true, force: true })
  }
}
