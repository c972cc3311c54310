import type { Metadata } from 'next'
import Link from 'next/link'
import { requirePermission } from '@/admin/session.server'
import { PageHeader } from '@/admin/ui/page-header'
import { ProgrammeEditor } from '@/admin/ui/programme/programme-editor'
import { RecipesTable } from '@/admin/ui/programme/recipes-table'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { listRecipes, programme } from '@/domains/landings/programme-admin.server'
import { can } from '@/domains/staff/permissions'

export const metadata: Metadata = { title: 'Программа похудения' }

export default async function ProgrammePage() {
  const actor = await requirePermission('catalog.read', '/admin/programme/')
  const canEdit = can(actor.role, 'content.write')
  const [current, recipes] = await Promise.all([programme(db()), listRecipes(db())])
  return (
    <>
      <PageHeader
        title="Программа похудения"
        description="Товары программы на /turboslim/ по этапам и фильтрам, и рецепты меню на /turboslim/menu/."
        actions={
          <>
            <Link className={ui.buttonSecondary} href="/admin/programme/meal-plan/">
              Меню: этапы, видео, эксперты
            </Link>
            <Link className={ui.buttonSecondary} href="/turboslim/" target="_blank">
              На сайте
            </Link>
          </>
        }
      />
      <h2 className="mb-2 text-lg font-semibold">Товары программы</h2>
      <ProgrammeEditor programme={current} canEdit={canEdit} />
      <div className="mt-8 mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Рецепты меню</h2>
        {canEdit ? (
          <Link className={ui.button} href="/admin/programme/recipes/new/">
            Новый рецепт
          </Link>
        ) : null}
      </div>
      <RecipesTable rows={recipes.items} />
    </>
  )
}
