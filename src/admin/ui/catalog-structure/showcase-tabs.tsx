'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useState, type DragEvent, type FormEvent } from 'react'
import { SHOWCASE_BLOCK_NAMES, SHOWCASE_RULE_NAMES, SHOWCASE_RULES, type ShowcaseBlock, type ShowcaseTabView } from '@/domains/catalog/catalog-structure-showcases'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { Badge } from '../badge'
import { Field, FormOutcome, TextInput } from '../field'
import { ui } from '../styles'

function errorsOf(error: unknown): Record<string, string> {
  return error instanceof AdminApiError ? { ...error.fields, form: error.message } : { form: 'Не получилось сохранить.' }
}

function TabForm({ tab, onDone }: { tab: ShowcaseTabView; onDone: () => void }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const body: Record<string, unknown> = { title: String(f.get('title') ?? ''), anchor: String(f.get('anchor') ?? ''), active: f.get('active') === 'on' }
    if (tab.rule === 'manual')
      body.productCodes = String(f.get('productCodes') ?? '')
        .split(/[\s,;]+/)
        .filter(Boolean)
    setErrors({})
    setBusy(true)
    try {
      await adminFetch('PATCH', `/api/admin/showcases/${tab.id}/`, body)
      router.refresh()
      onDone()
    } catch (error) {
      setErrors(errorsOf(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3 rounded-md border border-line bg-surface p-3" aria-label={`Вкладка ${tab.title}`}>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Название" error={errors.title}>
          <TextInput name="title" defaultValue={tab.title} invalid={Boolean(errors.title)} />
        </Field>
        <Field label="Якорь" error={errors.anchor} hint="Адрес вкладки: /#якорь">
          <TextInput name="anchor" defaultValue={tab.anchor} invalid={Boolean(errors.anchor)} className="font-mono" />
        </Field>
      </div>
      {tab.rule === 'manual' ? (
        <Field label="Коды товаров по порядку" error={errors.productCodes} hint="Через пробел, запятую или с новой строки; до 24.">
          <textarea name="productCodes" rows={3} defaultValue={tab.products.map((p) => p.code).join('\n')} className={`${ui.input} font-mono`} aria-invalid={errors.productCodes ? true : undefined} />
        </Field>
      ) : null}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="active" defaultChecked={tab.active} className="size-4" />
        Показывать на главной
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={ui.button} disabled={busy || !hydrated}>
          Сохранить
        </button>
        <button type="button" className={ui.buttonSecondary} onClick={onDone} disabled={busy}>
          Отмена
        </button>
        <FormOutcome error={errors.form} />
      </div>
    </form>
  )
}

/**
 * One block's tabs in the home page's order: moved by dragging or by the ↑ ↓ buttons (keyboard), each
 * sending the whole order; a tab opens its own small form.
 */
export function ShowcaseTabs({ block, tabs, canEdit }: { block: ShowcaseBlock; tabs: ShowcaseTabView[]; canEdit: boolean }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [editing, setEditing] = useState<number | null>(null)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [dragged, setDragged] = useState<number | null>(null)
  const [announce, setAnnounce] = useState('')
  const [confirming, setConfirming] = useState<number | null>(null)
  const locked = busy || !hydrated || !canEdit
  const titleId = `block-${block}`

  const remove = async (tab: ShowcaseTabView) => {
    setConfirming(null)
    setError(undefined)
    setBusy(true)
    try {
      await adminFetch('DELETE', `/api/admin/showcases/${tab.id}/`)
      setAnnounce(`Вкладка «${tab.title}» удалена.`)
      router.refresh()
    } catch (e) {
      setError(e instanceof AdminApiError ? e.message : 'Не получилось удалить.')
    } finally {
      setBusy(false)
    }
  }

  const save = async (from: number, to: number) => {
    if (from === to || to < 0 || to >= tabs.length) return
    const ids = tabs.map((t) => t.id)
    const [moved] = ids.splice(from, 1)
    ids.splice(to, 0, moved!)
    setError(undefined)
    setBusy(true)
    try {
      await adminFetch('POST', '/api/admin/showcases/order/', { block, tabIds: ids })
      setAnnounce(`«${tabs[from]!.title}» — теперь ${to + 1}-я из ${tabs.length}.`)
      router.refresh()
    } catch (e) {
      setError(errorsOf(e).form)
    } finally {
      setBusy(false)
    }
  }
  const drop = (event: DragEvent, to: number) => {
    event.preventDefault()
    const from = dragged
    setDragged(null)
    if (from !== null) void save(from, to)
  }

  return (
    <section className={`${ui.card} space-y-3 p-4 sm:p-6`} aria-labelledby={titleId}>
      <h2 id={titleId} className="text-lg font-semibold">
        {SHOWCASE_BLOCK_NAMES[block]}
      </h2>
      <ol className="space-y-2" aria-label={`Вкладки: ${SHOWCASE_BLOCK_NAMES[block]}`}>
        {tabs.map((t, i) => (
          <li
            key={t.id}
            data-tab={t.anchor}
            draggable={!locked && editing === null}
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move'
              e.dataTransfer.setData('text/plain', String(t.id))
              setDragged(i)
            }}
            onDragEnd={() => setDragged(null)}
            onDragOver={(e) => dragged !== null && e.preventDefault()}
            onDrop={(e) => drop(e, i)}
            className={`rounded-md border border-line p-3 ${t.active ? 'bg-white' : 'bg-surface'} ${dragged === i ? 'opacity-50' : ''}`}
          >
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              {canEdit ? (
                <span aria-hidden="true" className="cursor-grab text-lg leading-none text-ink-600 select-none" title="Перетащите, чтобы изменить порядок">
                  ⠿
                </span>
              ) : null}
              <div className="min-w-40 flex-1">
                <div className="font-medium">{t.title}</div>
                <div className="text-xs text-ink-600">
                  <span className="font-mono">#{t.anchor}</span> ·{' '}
                  {block === 'sets-from-experts' ? (
                    <Link href={`/admin/showcases/${t.id}/`} className="text-brand-700 underline" aria-label={`Слайды: ${t.title}`}>
                      слайдов: {t.slides}
                    </Link>
                  ) : null}
                  {block === 'sets-from-experts'
                    ? null
                    : t.rule === 'manual'
                      ? `${SHOWCASE_RULE_NAMES.manual}: ${t.products.length}`
                      : (SHOWCASE_RULE_NAMES[t.rule] ?? t.rule)}
                </div>
              </div>
              <Badge tone={t.active ? 'good' : 'neutral'}>{t.active ? 'Показана' : 'Скрыта'}</Badge>
              {canEdit ? (
                <div className="flex flex-wrap gap-1.5">
                  <button type="button" className={`${ui.buttonSecondary} px-2 py-1`} aria-label={`Выше: ${t.title}`} title="Выше" disabled={locked || i === 0} onClick={() => save(i, i - 1)}>
                    ↑
                  </button>
                  <button type="button" className={`${ui.buttonSecondary} px-2 py-1`} aria-label={`Ниже: ${t.title}`} title="Ниже" disabled={locked || i === tabs.length - 1} onClick={() => save(i, i + 1)}>
                    ↓
                  </button>
                  <button type="button" className={`${ui.buttonSecondary} px-3 py-1`} disabled={locked} onClick={() => setEditing(editing === t.id ? null : t.id)}>
                    Изменить
                  </button>
                  {confirming === t.id ? (
                    <>
                      <button type="button" className={`${ui.buttonDanger} px-3 py-1`} disabled={locked} onClick={() => void remove(t)}>
                        Да, удалить
                      </button>
                      <button type="button" className={`${ui.buttonSecondary} px-3 py-1`} onClick={() => setConfirming(null)}>
                        Отмена
                      </button>
                    </>
                  ) : (
                    <button type="button" className={`${ui.buttonDanger} px-3 py-1`} disabled={locked || tabs.length < 2} title={tabs.length < 2 ? 'Последняя вкладка блока' : undefined} onClick={() => setConfirming(t.id)}>
                      Удалить
                    </button>
                  )}
                </div>
              ) : null}
            </div>
            {editing === t.id ? <TabForm key={JSON.stringify(t)} tab={t} onDone={() => setEditing(null)} /> : null}
          </li>
        ))}
      </ol>
      <p role="status" className="sr-only">
        {announce}
      </p>
      <FormOutcome error={error} />
      {canEdit ? <NewTabForm block={block} onCreated={(title) => setAnnounce(`Вкладка «${title}» добавлена.`)} /> : null}
    </section>
  )
}

/** A new tab at the end of the block (ADR 204): popular products pick a rule, sets from experts are manual. */
function NewTabForm({ block, onCreated }: { block: ShowcaseBlock; onCreated: (title: string) => void }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [key, setKey] = useState(0)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const title = String(f.get('title') ?? '')
    const body: Record<string, unknown> = { block, title, anchor: String(f.get('anchor') ?? '') }
    if (block === 'mainpage-products') body.rule = String(f.get('rule') ?? 'manual')
    setErrors({})
    setBusy(true)
    try {
      await adminFetch('POST', '/api/admin/showcases/', body)
      onCreated(title.trim())
      setKey((k) => k + 1)
      router.refresh()
    } catch (error) {
      setErrors(errorsOf(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form key={key} onSubmit={submit} noValidate aria-label={`Новая вкладка: ${SHOWCASE_BLOCK_NAMES[block]}`} className="grid items-start gap-3 border-t border-line pt-4 sm:grid-cols-2 xl:grid-cols-[1fr_10rem_14rem_auto]">
      <Field label="Новая вкладка" error={errors.title}>
        <TextInput name="title" invalid={Boolean(errors.title)} disabled={busy} />
      </Field>
      <Field label="Якорь" error={errors.anchor}>
        <TextInput name="anchor" className="font-mono" invalid={Boolean(errors.anchor)} disabled={busy} />
      </Field>
      {block === 'mainpage-products' ? (
        <Field label="Товары" error={errors.rule}>
          <select name="rule" className={ui.input} defaultValue="manual" disabled={busy}>
            {SHOWCASE_RULES.map((r) => (
              <option key={r} value={r}>
                {SHOWCASE_RULE_NAMES[r]}
              </option>
            ))}
          </select>
        </Field>
      ) : (
        <p className="text-xs text-ink-600 xl:pt-7">Вкладка наборов пуста, пока у неё нет слайдов: добавьте их по ссылке «слайдов» у вкладки.</p>
      )}
      <button type="submit" className={`${ui.button} self-end sm:justify-self-start xl:mt-6 xl:self-start`} disabled={busy || !hydrated}>
        Добавить вкладку
      </button>
      {errors.form && !errors.title && !errors.anchor && !errors.rule ? <FormOutcome error={errors.form} /> : null}
    </form>
  )
}
