import 'server-only'
import { asc, desc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { b2bEventRegistrations, b2bEvents } from '@/db/schema'
import { changed, parsed } from '@/domains/edits/edits'
import { audited, ensureCodeFree, lockedRow, lockTable, type CodeRule } from '@/domains/edits/edits.server'
import type { Actor } from '@/domains/staff/permissions'
import { toCsv } from '@/lib/csv'
import { Refusal } from '@/lib/refusal'
import {
  WEBINAR_MESSAGES as M,
  webinarInput,
  webinarPatch,
  type RegistrationView,
  type WebinarView,
} from './webinars-admin.schema'

/**
 * Webinars of the B2B calendar as staff run them (ADR 202). Each write locks its row, is audited
 * ('webinar') and announces 'b2b', the calendar's tag, in its own transaction. A webinar is
 * unpublished, never deleted: its registrations are people who signed up.
 */
const TAGS = ['b2b'] as const

const columns = {
  id: b2bEvents.id,
  code: b2bEvents.code,
  name: b2bEvents.name,
  startsAt: b2bEvents.startsAt,
  speaker: b2bEvents.speaker,
  link: b2bEvents.link,
  previewText: b2bEvents.previewText,
  programme: b2bEvents.programme,
  published: b2bEvents.published,
  registrations: sql<number>`(select count(*)::int from ${b2bEventRegistrations} r where r.event_id = "b2b_events"."id")`,
}

/** What a PATCH may change, read under the row's lock as the audit's before. */
const { id: _id, registrations: _registrations, ...editable } = columns

type Row = { startsAt: Date; registrations: number } & Omit<WebinarView, 'startsAt' | 'registrations'>
const view = (r: Row): WebinarView => ({
  ...r,
  startsAt: r.startsAt.toISOString(),
  registrations: Number(r.registrations),
})

/** Latest first: the coming ones at the top, the past ones below them. */
export async function listWebinars(q: Db | Tx): Promise<{ items: WebinarView[] }> {
  return {
    items: (
      await q.select(columns).from(b2bEvents).orderBy(desc(b2bEvents.startsAt), desc(b2bEvents.id))
    ).map(view),
  }
}

export async function webinarById(q: Db | Tx, id: number): Promise<WebinarView> {
  const [row] = await q.select(columns).from(b2bEvents).where(eq(b2bEvents.id, id))
  if (!row) throw new Refusal('not-found', M.notFound)
  return view(row)
}

const CODE: CodeRule = { table: b2bEvents, column: b2bEvents.code, anyCase: true }

export async function createWebinar(q: Db, actor: Actor, input: unknown): Promise<WebinarView> {
  const w = parsed(webinarInput, input)
  const id = await q.transaction(async (tx) => {
    await lockTable(tx, b2bEvents)
    await ensureCodeFree(tx, CODE, w.code)
    const [row] = await tx
      .insert(b2bEvents)
      .values({ ...w, startsAt: new Date(w.startsAt) })
      .returning({ id: b2bEvents.id })
    await audited(tx, actor, { objectType: 'webinar', objectId: row!.id, action: 'create', after: w }, TAGS)
    return row!.id
  })
  return webinarById(q, id)
}

export async function updateWebinar(q: Db, actor: Actor, id: number, input: unknown): Promise<WebinarView> {
  const patch = parsed(webinarPatch, input)
  await q.transaction(async (tx) => {
    const row = await lockedRow(tx, b2bEvents, id, editable, M.notFound)
    const current = { ...row, startsAt: row.startsAt.toISOString() }
    const next = {
      ...patch,
      startsAt: patch.startsAt === undefined ? undefined : new Date(patch.startsAt).toISOString(),
    }
    const { before, after } = changed(current, next)
    if (Object.keys(after).length === 0) return
    await ensureCodeFree(tx, CODE, after.code, id)
    const { startsAt, ...rest } = after
    await tx
      .update(b2bEvents)
      .set({ ...rest, ...(startsAt === undefined ? {} : { startsAt: new Date(startsAt) }) })
      .where(eq(b2bEvents.id, id))
    await audited(tx, actor, { objectType: 'webinar', objectId: id, action: 'update', before, after }, TAGS)
  })
  return webinarById(q, id)
}

async function registrationRows(q: Db | Tx, id: number) {
  await webinarById(q, id)
  return q
    .select({
      id: b2bEventRegistrations.id,
      name: b2bEventRegistrations.name,
      phone: b2bEventRegistrations.phone,
      email: b2bEventRegistrations.email,
      createdAt: b2bEventRegistrations.createdAt,
    })
    .from(b2bEventRegistrations)
    .where(eq(b2bEventRegistrations.eventId, id))
    .orderBy(asc(b2bEventRegistrations.createdAt), asc(b2bEventRegistrations.id))
}

/** Who signed up, in the order they did. */
export async function webinarRegistrations(q: Db | Tx, id: number): Promise<{ items: RegistrationView[] }> {
  return {
    items: (await registrationRows(q, id)).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  }
}

export const REGISTRATION_CSV_HEADER = ['№', 'Имя', 'Телефон', 'E-mail', 'Дата регистрации'] as const

/** The same list for Excel (`;`; the BOM is the answer's). */
export async function webinarRegistrationsCsv(
  q: Db | Tx,
  id: number,
): Promise<{ name: string; csv: string }> {
  const webinar = await webinarById(q, id)
  const rows = await registrationRows(q, id)
  const csv = toCsv(
    REGISTRATION_CSV_HEADER,
    rows.map((r, i) => [i + 1, r.name, r.phone, r.email, r.createdAt]),
  )
  return { name: `регистрации-${webinar.code}.csv`, csv }
}
