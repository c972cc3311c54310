import type { Metadata } from 'next'
import Link from 'next/link'
import { requirePermission } from '@/admin/session.server'
import { PageHeader } from '@/admin/ui/page-header'
import { MealPlanEditor } from '@/admin/ui/programme/meal-plan-editor'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { mealPlan } from '@/domains/landings/programme-meal-plan-admin.server'
import { can } from '@/domains/staff/permissions'

export const metadata: Metadata = { title: 'Меню программы' }

export default async function MealPlanPage() {
  const actor = await requirePermission('catalog.read', '/admin/programme/meal-plan/')
  const canEdit = can(actor.role, 'content.write')
  const plan = await mealPlan(db())
  return (
    <>
      <PageHeader
        title="Меню программы"
        description="Страница /turboslim/menu/: блюда и видео каждого этапа и советы экспертов, в порядке на странице."
        actions={
          <>
            <Link className={ui.buttonSecondary} href="/admin/programme/">
              ← Программа похудения
            </Link>
            <Link className={ui.buttonSecondary} href="/turboslim/menu/" target="_blank">
              На сайте
            </Link>
          </>
        }
      />
      <MealPlanEditor plan={plan} canEdit={canEdit} />
    </>
  )
}
