/**
 * Repeatable randomness: the same seed gives the same sequence, so a seeded city's points, a chaos
 * run's baskets and kill moments, or a fuzzer's inputs can be replayed from the printed seed.
 */

/** Deterministic 32-bit hash of a string (FNV-1a). */
export function hash32(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** mulberry32: small and fast; for spreading test data and picking moments, never for secrets. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
