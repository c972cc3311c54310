import Link from 'next/link'
import type { ContentListItem } from '@/domains/content/content-admin.schema'
import { formatDate } from '@/domains/content/content'
import { Badge } from '../badge'
import { ui } from '../styles'

/** A content list (ADR 200): name to the editor, state, date, the storefront address. */
export function ContentTable({
  rows,
  editPath,
  groupLabel,
}: {
  rows: ContentListItem[]
  editPath: string
  groupLabel?: string
}) {
  if (rows.length === 0) return <p className={`${ui.card} p-6 text-sm text-ink-600`}>Ничего не найдено.</p>
  return (
    <div className={`${ui.card} overflow-x-auto`}>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-line bg-surface text-xs text-ink-600">
          <tr>
            <th className="px-3 py-2 font-medium">Название</th>
            {groupLabel ? <th className="px-3 py-2 font-medium">{groupLabel}</th> : null}
            <th className="px-3 py-2 font-medium">Состояние</th>
            <th className="px-3 py-2 font-medium">Дата</th>
            <th className="px-3 py-2 font-medium">Адрес на витрине</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-b border-line last:border-0">
              <td className="px-3 py-2">
                <Link className={ui.link} href={`${editPath}/${r.id}/`}>
                  {r.name}
                </Link>
              </td>
              {groupLabel ? <td className="px-3 py-2 text-ink-600">{r.group}</td> : null}
              <td className="px-3 py-2">
                <Badge tone={r.published ? 'good' : 'warn'}>
                  {r.published ? 'Опубликовано' : 'Черновик'}
                </Badge>
              </td>
              <td className="px-3 py-2 whitespace-nowrap text-ink-600">
                {r.publishedAt ? formatDate(r.publishedAt) : '—'}
              </td>
              <td className="px-3 py-2 font-mono text-xs break-all text-ink-600">{r.url}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
