'use client'

import { useRouter } from 'next/navigation'
import { useRef, useState } from 'react'
import { previewAction } from '@/domains/content/preview'
import { BLOCK_KEYS, BLOCK_NAMES, blockKey, type BlockKey } from '@/domains/landings/landing-blocks'
import type { LandingView } from '@/domains/landings/landings-admin.schema'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { Field, TextInput } from '../field'
import { ui } from '../styles'
import { SchemaField, blank, cleanBlock, pathKey, type JsonSchema, type Path } from './block-form'

type Block = Record<string, unknown>
type Item = { id: number; block: Block; open: boolean }

function setIn(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next
  const [head, ...rest] = path
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? setIn(v, rest, next) : v))
  const obj = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>
  return { ...obj, [head!]: setIn(obj[head!], rest, next) }
}

const blockTitle = (b: Block) =>
  typeof b.title === 'string' && b.title ? b.title : typeof b.name === 'string' ? b.name : ''

/**
 * A product landing's blocks as forms, one per block type (ADR 203): add, remove, move, edit; saved
 * as a draft the buyers do not see, shown by «Предпросмотр» on the storefront in draft mode, made the
 * page by «Опубликовать».
 */
export function LandingEditor({
  landing,
  schemas,
  canEdit,
}: {
  landing: LandingView
  schemas: Record<BlockKey, JsonSchema>
  canEdit: boolean
}) {
  const hydrated = useHydrated()
  const router = useRouter()
  const start = landing.draft ?? landing.published
  const [title, setTitle] = useState(start.title)
  const [product, setProduct] = useState(start.product)
  const [items, setItems] = useState<Item[]>(() =>
    start.blocks.map((block, id) => ({ id, block, open: false })),
  )
  const [nextId, setNextId] = useState(start.blocks.length)
  const [adding, setAdding] = useState<BlockKey>('text-product')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string>()
  const [status, setStatus] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [dirty, setDirty] = useState(false)
  const previewForm = useRef<HTMLFormElement>(null)

  const edit = (fn: (all: Item[]) => Item[]) => {
    setItems(fn)
    setDirty(true)
    setStatus(undefined)
  }
  const move = (i: number, by: number) =>
    edit((all) => {
      const out = [...all]
      const [item] = out.splice(i, 1)
      out.splice(i + by, 0, item!)
      return out
    })

  const body = () => ({
    title,
    product,
    blocks: items.map(({ block }) => {
      const key = blockKey(String(block.type))
      return key ? cleanBlock(block, schemas[key]) : block
    }),
  })

  async function run(action: () => Promise<unknown>, done: string): Promise<boolean> {
    setErrors({})
    setFormError(undefined)
    setStatus(undefined)
    setBusy(true)
    try {
      await action()
      setStatus(done)
      router.refresh()
      return true
    } catch (error) {
      if (error instanceof AdminApiError) {
        setErrors(error.fields)
        setFormError(error.message)
        // Open the blocks a refusal names, so the editor sees the field.
        const named = new Set(
          Object.keys(error.fields).flatMap((k) =>
            /^blocks\.(\d+)/.exec(k) ? [Number(/^blocks\.(\d+)/.exec(k)![1])] : [],
          ),
        )
        setItems((all) => all.map((it, i) => (named.has(i) ? { ...it, open: true } : it)))
      } else setFormError('Не получилось. Попробуйте ещё раз.')
      return false
    } finally {
      setBusy(false)
    }
  }

  const saveDraft = () =>
    run(async () => {
      await adminFetch('POST', `/api/admin/landings/${landing.id}/draft/`, body())
      setDirty(false)
    }, 'Черновик сохранён. Покупатели видят прежнюю страницу.')

  const preview = async () => {
    if (dirty && !(await saveDraft())) return
    previewForm.current?.submit()
  }

  const publish = async () => {
    if (dirty && !(await saveDraft())) return
    await run(
      () => adminFetch('POST', `/api/admin/landings/${landing.id}/publish/`),
      'Опубликовано: покупатели видят новую страницу.',
    )
  }

  const discard = () =>
    run(async () => {
      await adminFetch('DELETE', `/api/admin/landings/${landing.id}/draft/`)
      setTitle(landing.published.title)
      setProduct(landing.published.product)
      setItems(landing.published.blocks.map((block, id) => ({ id: nextId + id, block, open: false })))
      setNextId(nextId + landing.published.blocks.length)
      setDirty(false)
    }, 'Черновик отменён.')

  const toggleShown = () =>
    run(
      () => adminFetch('PATCH', `/api/admin/landings/${landing.id}/`, { active: !landing.active }),
      landing.active ? 'Лендинг скрыт.' : 'Лендинг показан.',
    )

  const errorList = Object.values(errors)
  return (
    <div className="space-y-5">
      <form
        ref={previewForm}
        method="post"
        action={previewAction(`/landing/${landing.code}/`)}
        target="_blank"
        hidden
      />
      <div className={`${ui.card} space-y-4 p-4 sm:p-6`}>
        <fieldset disabled={busy || !canEdit} className="grid gap-4 md:grid-cols-2">
          <Field label="Название страницы" error={errors.title}>
            <TextInput
              value={title}
              onChange={(e) => (setTitle(e.target.value), setDirty(true))}
              invalid={Boolean(errors.title)}
            />
          </Field>
          <Field
            label="Товар лендинга (код)"
            error={errors.product}
            hint="Первый экран и цена берутся у этого товара."
          >
            <TextInput
              value={product}
              onChange={(e) => (setProduct(e.target.value), setDirty(true))}
              className="font-mono"
              invalid={Boolean(errors.product)}
            />
          </Field>
        </fieldset>
        {formError ? (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p className="font-semibold">{formError}</p>
            {errorList.length > 1 ? (
              <ul className="mt-1 list-disc pl-5">
                {errorList.slice(1, 8).map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        {status ? (
          <p role="status" className="text-sm text-brand-700">
            {status}
          </p>
        ) : null}
        {canEdit ? (
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className={ui.button}
              disabled={busy || !hydrated}
              onClick={() => void saveDraft()}
            >
              Сохранить черновик
            </button>
            <button
              type="button"
              className={ui.buttonSecondary}
              disabled={busy || !hydrated}
              onClick={() => void preview()}
            >
              Предпросмотр
            </button>
            <button
              type="button"
              className={ui.buttonSecondary}
              disabled={busy || !hydrated || (!landing.hasDraft && !dirty && landing.active)}
              onClick={() => void publish()}
            >
              Опубликовать
            </button>
            {landing.hasDraft ? (
              <button
                type="button"
                className={ui.buttonSecondary}
                disabled={busy || !hydrated}
                onClick={() => void discard()}
              >
                Отменить черновик
              </button>
            ) : null}
            <button
              type="button"
              className={ui.buttonDanger}
              disabled={busy || !hydrated}
              onClick={() => void toggleShown()}
            >
              {landing.active ? 'Скрыть с сайта' : 'Показать на сайте'}
            </button>
            {dirty ? <span className="text-sm text-amber-700">Есть несохранённые изменения.</span> : null}
          </div>
        ) : null}
      </div>

      <ol className="space-y-3" aria-label="Блоки">
        {items.map((item, i) => {
          const key = blockKey(String(item.block.type))
          const name = key ? BLOCK_NAMES[key] : String(item.block.type)
          const hasError = Object.keys(errors).some(
            (k) => k === `blocks.${i}` || k.startsWith(`blocks.${i}.`),
          )
          return (
            <li
              key={item.id}
              className={`${ui.card} ${hasError ? 'border-sale-500' : ''}`}
              data-block={String(item.block.type)}
            >
              <details
                open={item.open}
                onToggle={(e) => {
                  const open = (e.currentTarget as HTMLDetailsElement).open
                  setItems((all) => all.map((it) => (it.id === item.id ? { ...it, open } : it)))
                }}
              >
                <summary className="flex cursor-pointer flex-wrap items-center gap-2 p-3">
                  <span className="font-semibold">
                    {i + 1}. {name}
                  </span>
                  <span className="min-w-0 flex-1 truncate text-sm text-ink-600">
                    {blockTitle(item.block)}
                  </span>
                  {canEdit ? (
                    <span className="flex gap-1" onClick={(e) => e.preventDefault()}>
                      <button
                        type="button"
                        className="rounded border border-line px-2 py-0.5 text-sm disabled:opacity-40"
                        disabled={busy || i === 0}
                        onClick={() => move(i, -1)}
                        aria-label={`Блок ${i + 1} выше`}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="rounded border border-line px-2 py-0.5 text-sm disabled:opacity-40"
                        disabled={busy || i === items.length - 1}
                        onClick={() => move(i, 1)}
                        aria-label={`Блок ${i + 1} ниже`}
                      >
                        ↓
                      </button>
                      <button
                        type="button"
                        className="rounded border border-sale-500 px-2 py-0.5 text-sm text-sale-500 disabled:opacity-40"
                        disabled={busy || items.length === 1}
                        onClick={() => edit((all) => all.filter((it) => it.id !== item.id))}
                        aria-label={`Убрать блок ${i + 1}`}
                      >
                        Убрать
                      </button>
                    </span>
                  ) : null}
                </summary>
                <fieldset
                  disabled={busy || !canEdit}
                  className="border-t border-line p-3 sm:p-4"
                  aria-label={`Блок ${i + 1}: ${name}`}
                >
                  {key ? (
                    <SchemaField
                      name="block"
                      schema={schemas[key]}
                      value={item.block}
                      path={['blocks', i]}
                      errors={errors}
                      onChange={(path, value) =>
                        edit((all) =>
                          all.map((it) =>
                            it.id === item.id
                              ? { ...it, block: setIn(it.block, path.slice(2), value) as Block }
                              : it,
                          ),
                        )
                      }
                    />
                  ) : (
                    <p className="text-sm text-sale-500">Неизвестный вид блока: уберите его.</p>
                  )}
                  {errors[pathKey(['blocks', i, 'type'])] ? (
                    <p className="text-xs text-sale-500">{errors[pathKey(['blocks', i, 'type'])]}</p>
                  ) : null}
                </fieldset>
              </details>
            </li>
          )
        })}
      </ol>

      {canEdit ? (
        <div className={`${ui.card} flex flex-wrap items-end gap-2 p-3`}>
          <label>
            <span className={ui.label}>Новый блок</span>
            <select
              value={adding}
              onChange={(e) => setAdding(e.target.value as BlockKey)}
              className={ui.input}
            >
              {BLOCK_KEYS.map((k) => (
                <option key={k} value={k}>
                  {BLOCK_NAMES[k]}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className={ui.buttonSecondary}
            disabled={busy}
            onClick={() => {
              edit((all) => [...all, { id: nextId, block: blank(schemas[adding]) as Block, open: true }])
              setNextId(nextId + 1)
            }}
          >
            Добавить блок
          </button>
        </div>
      ) : null}
    </div>
  )
}
