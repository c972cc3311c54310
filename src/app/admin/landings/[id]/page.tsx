import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { z } from 'zod'
import { requirePermission } from '@/admin/session.server'
import type { JsonSchema } from '@/admin/ui/landings/block-form'
import { LandingEditor } from '@/admin/ui/landings/landing-editor'
import { PageHeader } from '@/admin/ui/page-header'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { LANDING_BLOCK_SCHEMAS } from '@/domains/landings/landing-data'
import { BLOCK_KEYS, type BlockKey } from '@/domains/landings/landing-blocks'
import { landingById } from '@/domains/landings/landings-admin.server'
import { can } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'

export const metadata: Metadata = { title: 'Лендинг' }

/** Each block type's form is drawn from its zod schema, as JSON Schema (ADR 203). */
const BLOCK_FORMS = Object.fromEntries(
  BLOCK_KEYS.map((k) => [k, z.toJSONSchema(LANDING_BLOCK_SCHEMAS[k], { io: 'input' }) as JsonSchema]),
) as Record<BlockKey, JsonSchema>

export default async function LandingPage({ params }: PageProps<'/admin/landings/[id]'>) {
  const { id } = await params
  const actor = await requirePermission('catalog.read', `/admin/landings/${id}/`)
  const number = Number(id)
  if (!Number.isSafeInteger(number) || number <= 0 || number > 2_147_483_647) notFound()
  const landing = await landingById(db(), number).catch((error: unknown) => {
    if (error instanceof Refusal && error.kind === 'not-found') notFound()
    throw error
  })
  if (landing.kind !== 'product') notFound()
  const state = `${landing.active ? 'Опубликован' : 'Скрыт'}${landing.hasDraft ? ', есть черновик — покупатели видят прежнюю версию' : ''}.`
  return (
    <>
      <PageHeader
        title={landing.title}
        description={state}
        actions={
          <>
            {landing.active ? (
              <Link className={ui.buttonSecondary} href={`/landing/${landing.code}/`} target="_blank">
                На сайте
              </Link>
            ) : null}
            <Link className={ui.buttonSecondary} href="/admin/landings/">
              ← Все лендинги
            </Link>
          </>
        }
      />
      {/* Keyed by the id alone: a refresh after saving must not remount the editor and drop its message. */}
      <LandingEditor
        key={landing.id}
        landing={landing}
        schemas={BLOCK_FORMS}
        canEdit={can(actor.role, 'content.write')}
      />
    </>
  )
}
