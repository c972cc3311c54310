import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { requirePermission } from '@/admin/session.server'
import { PageHeader } from '@/admin/ui/page-header'
import { RecordForm } from '@/admin/ui/partners/record-form'
import { RECIPE_FIELDS } from '@/admin/ui/programme/recipe-fields'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { recipeById } from '@/domains/landings/programme-admin.server'
import { can } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'

export const metadata: Metadata = { title: 'Рецепт' }

export default async function RecipePage({ params }: PageProps<'/admin/programme/recipes/[id]'>) {
  const { id } = await params
  const actor = await requirePermission('catalog.read', `/admin/programme/recipes/${id}/`)
  const number = Number(id)
  if (!Number.isSafeInteger(number) || number <= 0 || number > 2_147_483_647) notFound()
  const recipe = await recipeById(db(), number).catch((error: unknown) => {
    if (error instanceof Refusal && error.kind === 'not-found') notFound()
    throw error
  })
  const { id: _id, inMealPlan, ...values } = recipe
  return (
    <>
      <PageHeader
        title={recipe.title}
        description={inMealPlan ? 'Рецепт есть в меню программы.' : 'Рецепта нет в меню программы.'}
        actions={
          <Link className={ui.buttonSecondary} href="/admin/programme/">
            ← Программа похудения
          </Link>
        }
      />
      <RecordForm
        key={recipe.id}
        label="Рецепт"
        fields={RECIPE_FIELDS}
        values={values}
        update={`/api/admin/recipes/${recipe.id}/`}
        canEdit={can(actor.role, 'content.write')}
      />
    </>
  )
}
