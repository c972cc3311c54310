import 'server-only'
import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { staff, staffSubscriptions } from '@/db/schema/staff'
import { SHOP } from '@/domains/layout/shop'
import { enqueueMail } from '@/domains/mail/mail.server'
import { env } from '@/lib/env'
import { can, type Permission } from './permissions'

/**
 * What staff may ask to be told by e-mail, each behind the permission needed to act on it: a
 * warehouse member who subscribes to reviews hears nothing, since they cannot moderate them.
 */
export const STAFF_EVENTS = {
  'order.new': { label: 'Новый заказ', permission: 'orders.read' },
  'payment.after-cancel': { label: 'Оплата за отменённый заказ (нужен возврат)', permission: 'orders.refund' },
  'review.pending': { label: 'Новый отзыв ждёт модерации', permission: 'inbox.write' },
  'question.new': { label: 'Новый вопрос или сообщение', permission: 'inbox.write' },
} as const satisfies Record<string, { label: string; permission: Permission }>
export type StaffEvent = keyof typeof STAFF_EVENTS

export async function subscriptionsOf(q: Db | Tx, staffId: number): Promise<StaffEvent[]> {
  const rows = await q.select({ event: staffSubscriptions.event }).from(staffSubscriptions).where(eq(staffSubscriptions.staffId, staffId))
  return rows.map((r) => r.event).filter((e): e is StaffEvent => e in STAFF_EVENTS)
}

export async function setSubscriptions(q: Db | Tx, staffId: number, events: readonly StaffEvent[]): Promise<void> {
  await q.delete(staffSubscriptions).where(eq(staffSubscriptions.staffId, staffId))
  if (events.length) await q.insert(staffSubscriptions).values(events.map((event) => ({ staffId, event })))
}

/**
 * Queues one mail per subscribed, active member allowed to act on the event, in the caller's
 * transaction: the notice goes out only if what it tells of was committed. `key` makes a retried
 * use-case notify once.
 */
export async function notifyStaff(q: Db | Tx, event: StaffEvent, key: string, message: { subject: string; text: string; path: string }): Promise<void> {
  const { permission } = STAFF_EVENTS[event]
  const members = await q
    .select({ id: staff.id, email: staff.email, role: staff.role })
    .from(staffSubscriptions)
    .innerJoin(staff, eq(staff.id, staffSubscriptions.staffId))
    .where(and(eq(staffSubscriptions.event, event), eq(staff.active, true)))
  for (const member of members.filter((m) => can(m.role, permission))) {
    await enqueueMail(q, {
      to: member.email,
      subject: `${SHOP.name}: ${message.subject}`,
      text: `${message.text}\n\n${env().PUBLIC_URL}${message.path}\n\nУведомления настраиваются в профиле: ${env().PUBLIC_URL}/admin/profile/`,
      dedupeKey: `staff:${event}:${key}:${member.id}`,
    })
  }
}
