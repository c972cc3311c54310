/**
 * How much memory the embedded PostgreSQL (PGlite) takes inside the shop's process (ADR 216).
 * PostgreSQL writes over its whole shared memory when it starts, and PGlite's WebAssembly memory
 * never shrinks, so `shared_buffers` is resident for the life of the process: PGlite's own 128 MB
 * default made the WebAssembly memory 189 MB with 151 MB of it resident before one query. The data
 * files sit in the operating system's page cache anyway (a file-backed directory) or in memory (a
 * test's `memory://`), so a smaller buffer pool costs a copy per page read, not a disk read: at 32 MB
 * the 1С bench's import (10 000 goods, 25 000 offers) was no slower, and the resident part is 47 MB.
 */
export const PGLITE_SHARED_BUFFERS_DEFAULT = '32MB'

/** A PostgreSQL memory size as postgresql.conf writes it. */
export const PGLITE_MEMORY_SIZE = /^[1-9]\d{0,5}(kB|MB|GB)$/

/** PGlite's own start parameters plus the buffer pool's size. */
export function pgliteStartParams(defaults: readonly string[], sharedBuffers: string): string[] {
  if (!PGLITE_MEMORY_SIZE.test(sharedBuffers)) throw new Error(`PGLITE_SHARED_BUFFERS: not a PostgreSQL size (such as 32MB): ${sharedBuffers}`)
  return [...defaults, '-c', `shared_buffers=${sharedBuffers}`]
}
