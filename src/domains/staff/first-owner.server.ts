import 'server-only'
import { db } from '@/db/client'
import { recordChange } from '@/domains/audit/audit.server'
import { Refusal } from '@/lib/refusal'
import type { StaffRole } from './permissions'
import { insertStaff, staffByEmail } from './staff.db'
import { passwordLinkFor } from './staff-auth.server'

/**
 * `npm run staff:add`: a staff member created from the console, typically a production shop's first
 * owner. The member has no password until the printed one-time link is opened.
 */
export async function addStaffFromConsole(input: { email: string; role: StaffRole; name: string }): Promise<string> {
  const email = input.email.trim().toLowerCase()
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Refusal('invalid', `Неверный e-mail: ${input.email}`)
  const existing = await staffByEmail(db(), email)
  const member =
    existing ??
    (await db().transaction(async (tx) => {
      const row = await insertStaff(tx, { email, name: input.name || email, role: input.role })
      if (!row) throw new Refusal('conflict', 'Сотрудник с таким e-mail уже есть.')
      await recordChange(tx, { kind: 'staff', id: row.id, name: 'консоль (npm run staff:add)', role: 'owner' }, { objectType: 'staff', objectId: row.id, action: 'create', after: { email, role: input.role } })
      return row
    }))
  return passwordLinkFor(member.id)
}
