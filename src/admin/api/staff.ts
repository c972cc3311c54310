import { z } from 'zod'
import { wire } from '@/lib/ajax'
import { STAFF_ROLES } from '@/domains/staff/permissions'
import { apiTokenList, changeStaff, disableTotp, enableTotp, createApiToken, inviteStaff, resetLinkFor, revokeToken, staffList } from '@/domains/staff/staff-admin.server'
import { db } from '@/db/client'
import { recordChange } from '@/domains/audit/audit.server'
import { setSubscriptions, STAFF_EVENTS, type StaffEvent } from '@/domains/staff/staff-notifications.server'
import { Refusal } from '@/lib/refusal'
import { endpoint } from '../endpoint'

const id = z.object({ id: wire.id })
const role = z.enum(STAFF_ROLES)
const member = z.object({ id: z.number(), email: z.string(), name: z.string(), role, active: z.boolean(), totp: z.boolean(), createdAt: z.string() })
const token = z.object({ id: z.number(), name: z.string(), role, createdAt: z.string(), lastUsedAt: z.string().nullable(), revokedAt: z.string().nullable() })
const link = z.object({ link: z.string() })

export const listStaff = endpoint({
  method: 'GET',
  path: '/api/admin/staff',
  permission: 'staff.manage',
  summary: 'Сотрудники',
  tag: 'Сотрудники',
  response: z.object({ items: z.array(member) }),
  handle: async () => ({ items: await staffList() }),
})

export const inviteStaffMember = endpoint({
  method: 'POST',
  path: '/api/admin/staff',
  permission: 'staff.manage',
  summary: 'Добавить сотрудника (ответ содержит одноразовую ссылку для пароля)',
  tag: 'Сотрудники',
  body: z.object({ email: z.email('Введите e-mail').max(200), name: z.string().trim().min(1, 'Введите имя').max(200), role }),
  response: z.object({ member, link: z.string() }),
  handle: ({ body, actor }) => inviteStaff(actor, body),
})

export const updateStaffMember = endpoint({
  method: 'PATCH',
  path: '/api/admin/staff/{id}',
  permission: 'staff.manage',
  summary: 'Изменить роль, имя или доступ сотрудника',
  tag: 'Сотрудники',
  params: id,
  body: z.object({ name: z.string().trim().min(1).max(200).optional(), role: role.optional(), active: z.boolean().optional() }),
  response: member,
  handle: ({ params, body, actor }) => changeStaff(actor, params.id, body),
})

export const staffPasswordLink = endpoint({
  method: 'POST',
  path: '/api/admin/staff/{id}/password-link',
  permission: 'staff.manage',
  summary: 'Одноразовая ссылка для смены пароля сотрудника',
  tag: 'Сотрудники',
  params: id,
  response: link,
  handle: ({ params, actor }) => resetLinkFor(actor, params.id),
})

export const listApiTokens = endpoint({
  method: 'GET',
  path: '/api/admin/tokens',
  permission: 'staff.manage',
  summary: 'Токены API интеграций',
  tag: 'Сотрудники',
  response: z.object({ items: z.array(token) }),
  handle: async () => ({ items: await apiTokenList() }),
})

export const issueApiToken = endpoint({
  method: 'POST',
  path: '/api/admin/tokens',
  permission: 'staff.manage',
  summary: 'Выпустить токен API (секрет показывается один раз)',
  tag: 'Сотрудники',
  body: z.object({ name: z.string().trim().min(1, 'Назовите интеграцию').max(100), role }),
  response: z.object({ token, secret: z.string() }),
  handle: ({ body, actor }) => createApiToken(actor, body),
})

export const revokeApiToken = endpoint({
  method: 'POST',
  path: '/api/admin/tokens/{id}/revoke',
  permission: 'staff.manage',
  summary: 'Отозвать токен API',
  tag: 'Сотрудники',
  params: id,
  response: token,
  handle: ({ params, actor }) => revokeToken(actor, params.id),
})


export const turnOnTotp = endpoint({
  method: 'POST',
  path: '/api/admin/profile/totp',
  permission: 'profile.manage',
  summary: 'Включить вход с кодом из приложения (для себя)',
  tag: 'Профиль',
  body: z.object({ secret: z.string().regex(/^[A-Z2-7]{32}$/), code: z.string().trim().regex(/^\d{6}$/, 'Введите шесть цифр из приложения') }),
  response: z.object({ status: z.literal('totp-on') }),
  handle: async ({ body, actor }) => {
    if (actor.kind !== 'staff') throw new Refusal('forbidden', 'Код входа настраивает сам сотрудник, не токен.')
    await enableTotp(actor, body.secret, body.code)
    return { status: 'totp-on' as const }
  },
})

export const turnOffTotp = endpoint({
  method: 'POST',
  path: '/api/admin/staff/{id}/totp-off',
  permission: 'staff.manage',
  summary: 'Отключить второй фактор сотрудника (потерял телефон)',
  tag: 'Сотрудники',
  params: id,
  response: z.object({ status: z.literal('totp-off') }),
  handle: async ({ params, actor }) => {
    await disableTotp(actor, params.id)
    return { status: 'totp-off' as const }
  },
})

export const chooseNotifications = endpoint({
  method: 'POST',
  path: '/api/admin/profile/notifications',
  permission: 'profile.manage',
  summary: 'Какие уведомления присылать мне на e-mail',
  tag: 'Профиль',
  body: z.object({ events: z.array(z.enum(Object.keys(STAFF_EVENTS) as [StaffEvent, ...StaffEvent[]])).max(10) }),
  response: z.object({ events: z.array(z.string()) }),
  handle: async ({ body, actor }) => {
    if (actor.kind !== 'staff') throw new Refusal('forbidden', 'Уведомления выбирает сам сотрудник, не токен.')
    const events = [...new Set(body.events)]
    await db().transaction(async (tx) => {
      await setSubscriptions(tx, actor.id, events)
      await recordChange(tx, actor, { objectType: 'staff', objectId: actor.id, action: 'notifications', after: events })
    })
    return { events }
  },
})

export const profileEndpoints = [turnOnTotp, turnOffTotp, chooseNotifications]

export const staffEndpoints = [listStaff, inviteStaffMember, updateStaffMember, staffPasswordLink, listApiTokens, issueApiToken, revokeApiToken, ...profileEndpoints]
