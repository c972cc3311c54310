/**
 * Adds a staff member and prints a one-time link to set the password (valid 48 hours):
 *   npm run staff:add -- --email boss@shop.ru --role owner [--name "Имя Фамилия"]
 * A member who exists already just gets a fresh link. With the embedded database, stop the shop first.
 */
import { parseArgs } from 'node:util'
import { closeDb } from '../src/db/client'
import { STAFF_ROLES, type StaffRole } from '../src/domains/staff/permissions'
import { addStaffFromConsole } from '../src/domains/staff/first-owner.server'
import { prepareDbOrExit } from './prepare-db'

const { values } = parseArgs({ options: { email: { type: 'string' }, role: { type: 'string', default: 'owner' }, name: { type: 'string', default: '' } } })
const role = values.role as StaffRole
if (!values.email || !STAFF_ROLES.includes(role)) {
  console.error(`usage: npm run staff:add -- --email E --role ${STAFF_ROLES.join('|')} [--name N]`)
  process.exit(2)
}
await prepareDbOrExit({ seed: false, syntheticProducts: 0 })
try {
  const link = await addStaffFromConsole({ email: values.email, role, name: values.name })
  console.log(`${values.email} (${role}): откройте ссылку, чтобы задать пароль (действует 48 часов):\n${link}`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await closeDb()
}
