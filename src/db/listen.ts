import pg from 'pg'
import { logger } from '@/lib/logger'

/** What a subscriber to a PostgreSQL channel is told. */
export interface ChannelListener {
  /** One NOTIFY, delivered after the sender's transaction committed. */
  onMessage(payload: string): void
  /** The connection was lost and is back: messages sent meanwhile are gone. */
  onGap(): void
}

const FIRST_RETRY_MS = 500
const LAST_RETRY_MS = 30_000

/**
 * LISTEN needs a connection of its own that stays open: a pooled one goes back to the pool after each
 * query. When the server goes away (restart, failover) it reconnects with a growing pause and tells
 * the listener about the gap.
 */
export function listenOnPostgres(url: string, channel: string, listener: ChannelListener): Promise<() => Promise<void>> {
  let client: pg.Client | undefined
  let stopped = false
  let retryMs = FIRST_RETRY_MS
  let retry: NodeJS.Timeout | undefined

  const connect = async (afterGap: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url })
    next.on('notification', (message) => {
      if (message.channel === channel) listener.onMessage(message.payload ?? '')
    })
    next.on('error', (error) => {
      logger.warn({ err: error, channel }, 'change listener lost its connection')
      reconnectLater(next)
    })
    next.on('end', () => reconnectLater(next))
    client = next
    await next.connect()
    await next.query(`listen ${pg.escapeIdentifier(channel)}`)
    retryMs = FIRST_RETRY_MS
    if (afterGap) listener.onGap()
  }

  const reconnectLater = (lost: pg.Client): void => {
    if (stopped || client !== lost || retry) return
    client = undefined
    lost.end().catch(() => undefined)
    retry = setTimeout(() => {
      retry = undefined
      connect(true).catch((error: unknown) => {
        logger.warn({ err: error, channel }, 'change listener could not reconnect')
        if (client) reconnectLater(client)
      })
    }, retryMs)
    retry.unref()
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS)
  }

  return connect(false).then(() => async () => {
    stopped = true
    if (retry) clearTimeout(retry)
    await client?.end().catch(() => undefined)
  })
}
