import { sql } from 'drizzle-orm'
import { db } from '@/db/client'

/** Load balancers ask this; it answers 503 when the database does not. */
export async function GET() {
  try {
    await db().execute(sql`select 1`)
    return Response.json({ status: 'ok', db: 'ok' }, { headers: { 'cache-control': 'no-store' } })
  } catch {
    return Response.json({ status: 'fail', db: 'unreachable' }, { status: 503, headers: { 'cache-control': 'no-store' } })
  }
}
