import type { Metadata } from 'next'
import Link from 'next/link'
import { requirePermission } from '@/admin/session.server'
import { PageHeader } from '@/admin/ui/page-header'
import { RecordForm } from '@/admin/ui/partners/record-form'
import { RECIPE_FIELDS } from '@/admin/ui/programme/recipe-fields'
import { ui } from '@/admin/ui/styles'

export const metadata: Metadata = { title: 'Новый рецепт' }

export default async function NewRecipePage() {
  await requirePermission('content.write', '/admin/programme/recipes/new/')
  return (
    <>
      <PageHeader
        title="Новый рецепт"
        actions={
          <Link className={ui.buttonSecondary} href="/admin/programme/">
            ← Программа похудения
          </Link>
        }
      />
      <RecordForm
        label="Рецепт"
        fields={RECIPE_FIELDS}
        values={{ active: true }}
        create="/api/admin/recipes/"
        done="/admin/programme/recipes/{id}/"
        canEdit
      />
    </>
  )
}
