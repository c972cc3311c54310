/**
 * Read-through cache for data that is the same for every visitor (catalogue, product, content).
 * In-process with a short TTL and tag invalidation; see docs/decisions/005-page-data-cache.md for why
 * this and not Next's 'use cache'. Concurrent misses share one load.
 */
interface Entry {
  value: Promise<unknown>
  expires: number
  tags: readonly string[]
}

const store = new Map<string, Entry>()
const MAX_ENTRIES = 5000

export async function cached<T>(
  key: string,
  options: { tags: readonly string[]; ttlSeconds?: number },
  load: () => Promise<T>,
): Promise<T> {
  const hit = store.get(key)
  const nowMs = Date.now()
  if (hit && hit.expires > nowMs) return hit.value as Promise<T>
  if (store.size >= MAX_ENTRIES) evictExpiredOrOldest(nowMs)
  const value = load()
  store.set(key, { value, expires: nowMs + (options.ttlSeconds ?? 60) * 1000, tags: options.tags })
  // A failed load must not be cached.
  value.catch(() => store.get(key)?.value === value && store.delete(key))
  return value
}

export function invalidateTag(tag: string): void {
  for (const [key, entry] of store) if (entry.tags.includes(tag)) store.delete(key)
}

export function clearCache(): void {
  store.clear()
}

function evictExpiredOrOldest(nowMs: number): void {
  for (const [key, entry] of store) if (entry.expires <= nowMs) store.delete(key)
  if (store.size >= MAX_ENTRIES) {
    const oldest = store.keys().next().value
    if (oldest !== undefined) store.delete(oldest)
  }
}
