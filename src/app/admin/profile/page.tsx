import type { Metadata } from 'next'
import QRCode from 'qrcode'
import { requirePermission } from '@/admin/session.server'
import { Badge } from '@/admin/ui/badge'
import { PageHeader } from '@/admin/ui/page-header'
import { NotificationChoice } from '@/admin/ui/profile/notification-choice'
import { TotpSetup } from '@/admin/ui/profile/totp-setup'
import { ui } from '@/admin/ui/styles'
import { SHOP } from '@/domains/layout/shop'
import { db } from '@/db/client'
import { can, ROLE_NAMES } from '@/domains/staff/permissions'
import { STAFF_EVENTS, subscriptionsOf, type StaffEvent } from '@/domains/staff/staff-notifications.server'
import { staffMember } from '@/domains/staff/staff-auth.server'
import { newTotpSecret, totpUri } from '@/domains/staff/totp'

export const metadata: Metadata = { title: 'Мой профиль' }

export default async function ProfilePage() {
  const actor = await requirePermission('profile.manage', '/admin/profile/')
  const member = await staffMember(actor.id)
  const chosen = await subscriptionsOf(db(), actor.id)
  const events = (Object.keys(STAFF_EVENTS) as StaffEvent[]).filter((e) => can(actor.role, STAFF_EVENTS[e].permission)).map((key) => ({ key, label: STAFF_EVENTS[key].label }))
  const secret = newTotpSecret()
  const qrSvg = member?.totpSecret ? '' : await QRCode.toString(totpUri(secret, member?.email ?? '', SHOP.name), { type: 'svg', margin: 1 })
  return (
    <>
      <PageHeader title="Мой профиль" />
      <section className={`${ui.card} mb-6 p-4 text-sm`}>
        <div className="font-medium">{member?.name}</div>
        <div className="text-ink-600">
          {member?.email} · {ROLE_NAMES[actor.role]}
        </div>
      </section>
      <h2 className="mb-3 text-lg font-bold">Вход с кодом из приложения</h2>
      {member?.totpSecret ? (
        <p className="text-sm">
          <Badge tone="good">Включён</Badge> При входе после пароля спрашивается код. Потеряли телефон — попросите владельца сбросить код.
        </p>
      ) : (
        <TotpSetup secret={secret} qrSvg={qrSvg} />
      )}
      <h2 className="mt-8 mb-3 text-lg font-bold">Уведомления на e-mail</h2>
      <NotificationChoice events={events} chosen={chosen} />
    </>
  )
}
