import type { StaffRole } from '@/db/schema/staff'

export type { StaffRole }

/** Restated without the schema module, so client components can list roles without drizzle. */
export const STAFF_ROLES = ['owner', 'manager', 'content', 'warehouse', 'exchange'] as const satisfies readonly StaffRole[]

/**
 * What a staff member may do, by permission. Every back-office action names one; the server checks
 * it for pages and for the API alike (ADR 162). Reading and changing are separate where a role may
 * see but not touch (the warehouse reads orders, changes only their fulfilment).
 */
export const PERMISSIONS = [
  /** One's own profile and second factor: every role. */
  'profile.manage',
  'dashboard.read',
  'orders.read',
  'orders.write',
  'orders.fulfil',
  'orders.refund',
  'customers.read',
  'customers.write',
  'coupons.read',
  'coupons.write',
  'inbox.read',
  'inbox.write',
  'catalog.read',
  'catalog.write',
  'content.write',
  'stock.write',
  'settings.read',
  'settings.write',
  'staff.manage',
  'audit.read',
  /** The 1С exchange at /bitrix/admin/1c_exchange.php (ADR 189): catalogue in, orders out. */
  'exchange',
] as const
export type Permission = (typeof PERMISSIONS)[number]

const MANAGER: readonly Permission[] = [
  'profile.manage',
  'dashboard.read',
  'orders.read',
  'orders.write',
  'orders.fulfil',
  'orders.refund',
  'customers.read',
  'customers.write',
  'coupons.read',
  'coupons.write',
  'inbox.read',
  'inbox.write',
  'catalog.read',
]

export const ROLE_PERMISSIONS: Record<StaffRole, ReadonlySet<Permission>> = {
  owner: new Set(PERMISSIONS),
  manager: new Set(MANAGER),
  content: new Set(['profile.manage', 'dashboard.read', 'catalog.read', 'catalog.write', 'content.write']),
  warehouse: new Set([
    'profile.manage',
    'dashboard.read',
    'orders.read',
    'orders.fulfil',
    'catalog.read',
    'stock.write',
  ]),
  // An integration account for 1С only: it signs in to the exchange, not to the back office's pages.
  exchange: new Set(['exchange']),
}

export const ROLE_NAMES: Record<StaffRole, string> = {
  owner: 'Владелец',
  manager: 'Менеджер',
  content: 'Контент-редактор',
  warehouse: 'Склад',
  exchange: 'Обмен с 1С',
}

export function can(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission)
}

/** Who acts in the back office: a signed-in staff member or an integration's token. */
export interface Actor {
  kind: 'staff' | 'token'
  /** staff.id or api_tokens.id */
  id: number
  name: string
  role: StaffRole
}

export function actorLabel(actor: Actor): string {
  return actor.kind === 'staff' ? actor.name : `API: ${actor.name}`
}
