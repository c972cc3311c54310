import 'server-only'
import { and, eq, ne, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core'
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types'
import { announceChanges } from '@/db/change-feed'
import type { Tx } from '@/db/client'
import { recordChange, type Change } from '@/domains/audit/audit.server'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import { EDIT_MESSAGES, invalid } from './edits'

/**
 * The database half of the back office's editors (ADR 206): what every write of a content, partner,
 * eco, webinar or catalogue-structure editor does the same way. Kept apart from edits.ts, which client
 * forms import.
 */
type Keyed = PgTable & { id: AnyPgColumn }

/**
 * Serialises the table's creations until the transaction ends, so two creations never both find a
 * code (or the last position) free.
 */
export async function lockTable(tx: Tx, table: PgTable): Promise<void> {
  await tx.execute(sql`lock table ${table} in share row exclusive mode`)
}

/** Takes the row's lock for the rest of the transaction, so two saves never audit the same before. */
export async function lockRow(tx: Tx, table: Keyed, id: number, notFound: string): Promise<void> {
  await lockedRow(tx, table, id, { id: table.id }, notFound)
}

/** The same, reading the row's columns as they stand under the lock (the audit's before). */
export async function lockedRow<C extends SelectedFields>(
  tx: Tx,
  table: Keyed,
  id: number,
  columns: C,
  notFound: string,
): Promise<SelectResultFields<C>> {
  // Widened: drizzle cannot follow a generic selection through the query; the cast back restores it.
  const [row] = await tx
    .select(columns as SelectedFields)
    .from(table)
    .where(eq(table.id, id))
    .for('update')
  if (!row) throw new Refusal('not-found', notFound)
  return row as SelectResultFields<C>
}

/** Where a table keeps its unique code, and how a taken one is refused. */
export interface CodeRule {
  table: Keyed
  column: AnyPgColumn
  /** «ABC» takes «abc» too: the code is an address, and addresses are matched case-blind. */
  anyCase?: boolean
  field?: string
  message?: string
}

/** Refuses a code another row already has; `except` is the row being edited, `undefined` is no change. */
export async function ensureCodeFree(
  tx: Tx,
  rule: CodeRule,
  value: string | undefined,
  except = 0,
): Promise<void> {
  if (value === undefined) return
  const match = rule.anyCase ? sql`lower(${rule.column}) = lower(${value})` : eq(rule.column, value)
  const rows = await tx
    .select({ id: rule.table.id })
    .from(rule.table)
    .where(and(match, ne(rule.table.id, except)))
  if (rows.length > 0)
    throw invalid([{ field: rule.field ?? 'code', message: rule.message ?? EDIT_MESSAGES.codeTaken }])
}

/**
 * The write's audit line and the storefront cache tags it drops, in the write's own transaction: the
 * caches hear of it on commit and never of a rollback (ADR 160).
 */
export async function audited(tx: Tx, actor: Actor, change: Change, tags: readonly string[]): Promise<void> {
  await recordChange(tx, actor, change)
  await announceChanges(tx, tags)
}
