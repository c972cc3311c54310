import type { Metadata } from 'next'
import { requirePermission } from '@/admin/session.server'
import { PageHeader } from '@/admin/ui/page-header'
import { InviteForm } from '@/admin/ui/staff/invite-form'
import { StaffTable } from '@/admin/ui/staff/staff-table'
import { TokenList } from '@/admin/ui/staff/token-list'
import { apiTokenList, staffList } from '@/domains/staff/staff-admin.server'

export const metadata: Metadata = { title: 'Сотрудники' }

export default async function StaffPage() {
  const actor = await requirePermission('staff.manage', '/admin/staff/')
  const [members, tokens] = await Promise.all([staffList(), apiTokenList()])
  return (
    <>
      <PageHeader
        title="Сотрудники"
        description="Владелец — всё; менеджер — заказы, покупатели, купоны, входящие; контент-редактор — тексты каталога и контент; склад — сборка, остатки, трек-номера."
      />
      <StaffTable members={members} selfId={actor.kind === 'staff' ? actor.id : 0} />
      <h2 className="mt-8 mb-3 text-lg font-bold">Новый сотрудник</h2>
      <InviteForm kind="staff" />
      <h2 className="mt-8 mb-3 text-lg font-bold">Токены API</h2>
      <p className="mb-3 text-sm text-ink-600">
        Для интеграций (учётная система, склад, службы доставки): запросы с заголовком Authorization: Bearer и правами выбранной роли. Описание API —{' '}
        <a className="font-medium text-brand-600 hover:underline" href="/api/admin/openapi.json">
          openapi.json
        </a>
        .
      </p>
      <TokenList tokens={tokens} />
      <div className="mt-4">
        <InviteForm kind="token" />
      </div>
    </>
  )
}
