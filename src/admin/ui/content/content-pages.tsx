import Link from 'next/link'
import { notFound } from 'next/navigation'
import type { ReactNode } from 'react'
import { firstValues } from '@/admin/query'
import { requirePermission } from '@/admin/session.server'
import {
  contentListQuery,
  type ContentListItem,
  type ContentListQuery,
} from '@/domains/content/content-admin.schema'
import { can, type Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import { Badge } from '../badge'
import { FilterBar } from '../filter-bar'
import { PageHeader } from '../page-header'
import { ui } from '../styles'
import { ContentForm, type ContentField, type ContentValues } from './content-form'
import { ContentTable } from './content-table'
import { ContentTabs } from './content-tabs'
import { PreviewButton } from './preview-button'

/**
 * The shape every content area's pages share (ADR 200): a list with a search and a state filter, a
 * «new» page and an editor with «Предпросмотр» and the storefront link. Reading needs catalog.read,
 * the forms are enabled for content.write.
 */
type Tab = Parameters<typeof ContentTabs>[0]['current']

export async function ContentListPage({
  tab,
  title,
  description,
  searchParams,
  load,
  newLabel,
  groupLabel,
  before,
}: {
  tab: Tab
  title: string
  description: string
  searchParams: Promise<Record<string, string | string[] | undefined>>
  load: (query: ContentListQuery) => Promise<{ items: ContentListItem[] }>
  newLabel: string
  groupLabel?: string
  before?: (actor: Actor) => Promise<ReactNode>
}) {
  const actor = await requirePermission('catalog.read', tab)
  const values = firstValues(await searchParams)
  const parsed = contentListQuery.safeParse(values)
  const list = await load(parsed.success ? parsed.data : {})
  const base = tab.replace(/\/$/, '')
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          can(actor.role, 'content.write') ? (
            <Link className={ui.button} href={`${base}/new/`}>
              {newLabel}
            </Link>
          ) : null
        }
      />
      <ContentTabs current={tab} />
      {before ? await before(actor) : null}
      <FilterBar
        action={tab}
        values={values}
        filters={[
          { name: 'q', label: 'Поиск', kind: 'text', placeholder: 'название или код' },
          {
            name: 'state',
            label: 'Состояние',
            kind: 'select',
            options: [
              { value: 'published', label: 'Опубликовано' },
              { value: 'draft', label: 'Черновик' },
            ],
          },
        ]}
      />
      <ContentTable rows={list.items} editPath={base} {...(groupLabel ? { groupLabel } : {})} />
    </>
  )
}

export async function ContentNewPage({
  tab,
  title,
  fields,
  values,
  apiPath,
  createLabel,
}: {
  tab: Tab
  title: string
  fields: ContentField[]
  values: ContentValues
  apiPath: string
  createLabel: string
}) {
  await requirePermission('content.write', `${tab}new/`)
  return (
    <>
      <PageHeader
        title={title}
        description="Новый материал сохраняется черновиком, если не отмечено «Опубликовано»: его можно посмотреть в предпросмотре до публикации."
      />
      <ContentTabs current={tab} />
      <ContentForm
        label={title}
        fields={fields}
        values={values}
        apiPath={apiPath}
        itemPath={tab.replace(/\/$/, '')}
        canEdit
        createLabel={createLabel}
      />
    </>
  )
}

/** A number from the address, or the page's 404. */
export function idParam(id: string): number {
  const n = Number(id)
  if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) notFound()
  return n
}

export function orNotFound<T>(promise: Promise<T>): Promise<T> {
  return promise.catch((error: unknown) => {
    if (error instanceof Refusal && error.kind === 'not-found') notFound()
    throw error
  })
}

export async function ContentEditPage({
  tab,
  id,
  title,
  published,
  url,
  fields,
  values,
  apiPath,
}: {
  tab: Tab
  id: number
  title: string
  published: boolean
  url: string
  fields: ContentField[]
  values: ContentValues
  apiPath: string
}) {
  const actor = await requirePermission('catalog.read', `${tab}${id}/`)
  const canEdit = can(actor.role, 'content.write')
  return (
    <>
      <PageHeader
        title={title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={published ? 'good' : 'warn'}>{published ? 'Опубликовано' : 'Черновик'}</Badge>
            <span className="font-mono text-xs break-all">{url}</span>
          </span>
        }
        actions={
          <>
            {canEdit ? <PreviewButton path={url} /> : null}
            {published ? (
              <a className={ui.buttonSecondary} href={url} target="_blank" rel="noreferrer">
                Открыть на сайте
              </a>
            ) : null}
          </>
        }
      />
      <ContentTabs current={tab} />
      <ContentForm
        key={`${id}`}
        label={title}
        fields={fields}
        values={values}
        apiPath={apiPath}
        itemPath={tab.replace(/\/$/, '')}
        id={id}
        canEdit={canEdit}
        createLabel="Создать"
      />
    </>
  )
}
