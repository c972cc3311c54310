import { sql } from 'drizzle-orm'
import { clearCache, invalidateTag } from '@/lib/cache'
import { logger } from '@/lib/logger'
import { dbHandle, type Db, type DbHandle, type Tx } from './client'

/**
 * Every instance of the shop keeps the same data in its in-process cache (pages' data, the catalogue's
 * filter index, the search suggestions). A write announces the cache tags it changed on one PostgreSQL
 * channel; every instance, the writer too, drops those entries when the message arrives, which is
 * after the write committed (ADR 160).
 */
export const CHANGES_CHANNEL = 'shop_changes'

/**
 * Announces that data under `tags` changed. Inside a transaction the message leaves on commit and
 * never on rollback. This process forgets the tags at once as well, so that its next read does not
 * wait for the message; a read racing the commit may cache the old rows once more, and the message
 * after the commit drops them again.
 */
export async function announceChanges(q: Db | Tx, tags: readonly string[]): Promise<void> {
  for (const tag of tags) invalidateTag(tag)
  await q.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(tags)})`)
}

function tagsOf(payload: string): string[] {
  try {
    const parsed: unknown = JSON.parse(payload)
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : []
  } catch {
    return []
  }
}

const following = new WeakMap<DbHandle, Promise<() => Promise<void>>>()

/**
 * Makes this process follow the changes announced by any instance. A lost connection may have lost
 * messages, so then the whole cache goes. Called once per process by the server's start-up.
 */
export function followChanges(handle: DbHandle = dbHandle()): Promise<() => Promise<void>> {
  let subscription = following.get(handle)
  if (!subscription) {
    subscription = handle.listen(CHANGES_CHANNEL, {
      onMessage: (payload) => {
        for (const tag of tagsOf(payload)) invalidateTag(tag)
      },
      onGap: () => {
        logger.info('change feed reconnected: the cache starts afresh')
        clearCache()
      },
    })
    following.set(handle, subscription)
  }
  return subscription
}
