import type { Metadata } from 'next'
import Link from 'next/link'
import { firstValues } from '@/admin/query'
import { requirePermission } from '@/admin/session.server'
import { PageHeader } from '@/admin/ui/page-header'
import { PrintSheets } from '@/admin/ui/print/print-sheets'
import { ui } from '@/admin/ui/styles'
import { printQuery } from '@/domains/documents/print-forms.schema'
import { printDocuments } from '@/domains/documents/print-forms.server'
import { Refusal } from '@/lib/refusal'

export const metadata: Metadata = { title: 'Печать заказов' }

/** The print forms of one or several orders: /admin/orders/print/?ids=12,15&form=invoice|packing. */
export default async function OrderPrintPage({ searchParams }: PageProps<'/admin/orders/print'>) {
  const values = firstValues(await searchParams)
  const back = `/admin/orders/print/?${new URLSearchParams({ ids: values.ids ?? '', form: values.form ?? 'invoice' }).toString()}`
  await requirePermission('orders.read', back)
  const parsed = printQuery.safeParse({ ids: values.ids, form: values.form || undefined })
  if (!parsed.success) return <Problem text={parsed.error.issues[0]?.message ?? 'Не удалось прочитать запрос.'} />
  const documents = await printDocuments(parsed.data).catch((error: unknown) => {
    if (error instanceof Refusal && error.kind === 'not-found') return error
    throw error
  })
  if (documents instanceof Refusal) return <Problem text={documents.message} />
  return <PrintSheets form={parsed.data.form} ids={parsed.data.ids} documents={documents} />
}

function Problem({ text }: { text: string }) {
  return (
    <>
      <PageHeader title="Печать заказов" />
      <div className={`${ui.card} p-6`}>
        <p role="alert">{text}</p>
        <Link href="/admin/orders/" className={`${ui.link} mt-3 inline-block`}>
          К списку заказов
        </Link>
      </div>
    </>
  )
}
