'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import type { PartnerProductView } from '@/domains/partners/partner-products-admin.schema'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { FormOutcome } from '../field'
import { ProductSearch } from '../product-search'
import { ui } from '../styles'

type List = { items: PartnerProductView[] }

/**
 * Which products the partner sells (ADR 209): found by name and added; each with the address of the
 * product at the partner (the partner's shop until one is given), saved or removed one by one. What is
 * here is what the products' «Где купить» shows a buyer.
 */
export function PartnerProductsEditor({
  partnerId,
  items: initial,
  canEdit,
}: {
  partnerId: number
  items: PartnerProductView[]
  canEdit: boolean
}) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [items, setItems] = useState(initial)
  const [links, setLinks] = useState<Record<number, string>>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [status, setStatus] = useState<string>()
  const [busy, setBusy] = useState(false)
  const base = `/api/admin/partners/${partnerId}/products/`

  const run = async (key: string, action: () => Promise<List>, done: string) => {
    setErrors({})
    setStatus(undefined)
    setBusy(true)
    try {
      setItems((await action()).items)
      setStatus(done)
      // The header counts the partner's products.
      router.refresh()
    } catch (e) {
      setErrors({
        [key]: e instanceof AdminApiError ? (Object.values(e.fields)[0] ?? e.message) : 'Не получилось.',
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className={`${ui.card} space-y-4 p-4 sm:p-6`} aria-label="Товары партнёра" data-partner-products>
      <div>
        <h2 className="text-lg font-semibold">Товары партнёра ({items.length})</h2>
        <p className="text-sm text-ink-600">
          Покупатель видит партнёра в «Где купить» этих товаров; ссылка ведёт на товар у партнёра.
        </p>
      </div>
      {canEdit ? (
        <ProductSearch
          label="Найти товар, чтобы добавить"
          disabled={!hydrated || busy}
          taken={(p) => items.some((i) => i.productId === p.id)}
          onPick={(p) =>
            void run(
              'add',
              () => adminFetch<List>('POST', base, { productId: p.id }),
              `«${p.name}» добавлен партнёру.`,
            )
          }
        />
      ) : null}
      <p role="status" className="text-sm text-brand-700">
        {status}
      </p>
      <FormOutcome error={errors.add} />
      {items.length === 0 ? (
        <p className="text-sm text-ink-600">Партнёр пока не продаёт товаров магазина.</p>
      ) : (
        <ul
          className="max-h-[32rem] divide-y divide-line overflow-y-auto rounded-md border border-line"
          aria-label="Товары, которые продаёт партнёр"
        >
          {items.map((item) => {
            const key = `item-${item.productId}`
            const link = links[item.productId] ?? item.link
            return (
              <li
                key={item.productId}
                className="grid items-center gap-2 px-3 py-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_auto]"
                data-partner-product={item.code}
              >
                <div className="min-w-0 text-sm">
                  <span className="font-semibold">{item.name}</span>{' '}
                  <span className="font-mono text-xs text-ink-600">{item.code}</span>
                  {item.published ? null : (
                    <span className="ml-2 text-xs text-ink-600">скрыт — не виден покупателю</span>
                  )}
                  {errors[key] ? (
                    <span role="alert" className="block text-xs text-sale-500">
                      {errors[key]}
                    </span>
                  ) : null}
                </div>
                <input
                  value={link}
                  disabled={!canEdit || busy}
                  onChange={(e) => setLinks((all) => ({ ...all, [item.productId]: e.target.value }))}
                  className={ui.input}
                  aria-label={`Ссылка на «${item.name}» у партнёра`}
                  aria-invalid={errors[key] ? true : undefined}
                />
                {canEdit ? (
                  <div className="flex gap-1">
                    <button
                      type="button"
                      className={ui.buttonSecondary}
                      disabled={!hydrated || busy || link === item.link}
                      onClick={() =>
                        void run(
                          key,
                          () => adminFetch<List>('PATCH', `${base}${item.productId}/`, { link: link.trim() }),
                          `Ссылка на «${item.name}» сохранена.`,
                        )
                      }
                    >
                      Сохранить
                    </button>
                    <button
                      type="button"
                      className={ui.buttonDanger}
                      disabled={!hydrated || busy}
                      aria-label={`Убрать: ${item.name}`}
                      onClick={() =>
                        void run(
                          key,
                          () => adminFetch<List>('DELETE', `${base}${item.productId}/`),
                          `«${item.name}» больше не у партнёра.`,
                        )
                      }
                    >
                      Убрать
                    </button>
                  </div>
                ) : null}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
