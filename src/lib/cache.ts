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

/**
 * One store per process, on a global: the production build bundles this module into each route's
 * server chunks (17 copies), and a module-level map would give the page that shows a price and the
 * call that changes it two different caches.
 */
const store: Map<string, Entry> = ((globalThis as { __shopDataCache?: Map<string, Entry> }).__shopDataCache ??= new Map())
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

/**
 * Caches built on this one that must forget with it: the page cache of our HTTP server (ADR 161),
 * which loads its own copy of this module beside Next's bundled ones: hence a global, as the store.
 */
type Follower = (tag: string | null) => void
const followers: Set<Follower> = ((globalThis as { __shopCacheFollowers?: Set<Follower> }).__shopCacheFollowers ??= new Set())

/** `follower` hears every invalidated tag, and null when everything goes; answers the unsubscribe. */
export function onInvalidate(follower: Follower): () => void {
  followers.add(follower)
  return () => followers.delete(follower)
}

export function invalidateTag(tag: string): void {
  for (const [key, entry] of store) if (entry.tags.includes(tag)) store.delete(key)
  for (const follower of followers) follower(tag)
}

export function clearCache(): void {
  store.clear()
  for (const follower of followers) follower(null)
}

function evictExpiredOrOldest(nowMs: number): void {
  for (const [key, entry] of store) if (entry.expires <= nowMs) store.delete(key)
  if (store.size >= MAX_ENTRIES) {
    const oldest = store.keys().next().value
    if (oldest !== undefined) store.delete(oldest)
  }
}
