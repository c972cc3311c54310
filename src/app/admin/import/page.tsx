import type { Metadata } from 'next'
import { requirePermission } from '@/admin/session.server'
import { CatalogImportForm } from '@/admin/ui/import/catalog-import-form'
import { PageHeader } from '@/admin/ui/page-header'
import { ui } from '@/admin/ui/styles'
import { COLUMNS, FILTER_COLUMN_HINT, FILTER_COLUMN_PREFIX } from '@/domains/catalog-import/catalog-import'

export const metadata: Metadata = { title: 'Импорт и экспорт' }

export default async function ImportPage() {
  await requirePermission('catalog.write', '/admin/import/')
  return (
    <>
      <PageHeader
        title="Импорт и экспорт"
        description="Товары с предложениями, ценами и остатками в таблице: строка на предложение. Выгрузите каталог, измените его в Excel и загрузите обратно — изменится только то, что вы поменяли."
      />
      <div className="grid gap-4">
        <section className={`${ui.card} p-4`}>
          <h2 className="text-base font-semibold">Экспорт</h2>
          <div className="mt-3 flex flex-wrap gap-3">
            <a className={ui.buttonSecondary} href="/api/admin/catalog/export/xlsx/" download>
              Скачать XLSX
            </a>
            <a className={ui.buttonSecondary} href="/api/admin/catalog/export/csv/" download>
              Скачать CSV
            </a>
          </div>
          <p className="mt-2 text-xs text-ink-600">CSV — в кодировке UTF-8 с разделителем «;», открывается в Excel двойным щелчком. При загрузке подходят и «;», и «,».</p>
        </section>
        <CatalogImportForm />
        <section className={`${ui.card} p-4`}>
          <h2 className="text-base font-semibold">Столбцы</h2>
          <p className="mt-1 text-sm text-ink-600">
            Обязательны «Код товара» и «Артикул»: по ним находятся товар и предложение. Остальные столбцы можно не включать — тогда эти поля не меняются. Поля товара повторяются в каждой строке его предложений. Предложения, которых нет в файле, не удаляются.
          </p>
          <table className="mt-3 w-full text-sm">
            <tbody>
              {COLUMNS.map((c) => (
                <tr key={c.key} className="border-t border-line">
                  <td className="py-1.5 pr-4 font-medium whitespace-nowrap">{c.header}</td>
                  <td className="py-1.5 text-ink-600">
                    {c.level === 'product' ? 'товар' : 'предложение'} · {c.hint}
                  </td>
                </tr>
              ))}
              <tr className="border-t border-line">
                <td className="py-1.5 pr-4 font-medium whitespace-nowrap">{FILTER_COLUMN_PREFIX}…</td>
                <td className="py-1.5 text-ink-600">товар · {FILTER_COLUMN_HINT}</td>
              </tr>
            </tbody>
          </table>
        </section>
      </div>
    </>
  )
}
