'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import type { AccordionItem, ArticleExpert } from '@/db/schema/content'
import type { LibraryPictureView } from '@/domains/media/media-library'
import { useHydrated } from '@/ui/use-hydrated'
import { AdminApiError, adminFetch } from '../api-client'
import { Field, FormOutcome, TextInput } from '../field'
import { ui } from '../styles'
import {
  fromMoscowInput,
  legalSectionsFromText,
  legalSectionsToText,
  toMoscowInput,
  type LegalSectionText,
} from './content-format'
import { AccordionFields, ExpertFields, accordionFromForm, expertFromForm } from './article-extras'

const pictureOf = (v: ContentValues[string] | undefined): LibraryPictureView | null =>
  v && typeof v === 'object' && !Array.isArray(v) && 'urls' in v ? v : null

/**
 * One form for every content type (ADR 200): the fields are described by the page, the body is built
 * from them and sent to the type's endpoint (POST to create, PATCH to change). A new item is saved as
 * a draft unless «Опубликовано» is ticked; the page's «Предпросмотр» shows what was saved.
 */
export type ContentField =
  | { kind: 'text'; name: string; label: string; hint?: string; mono?: boolean; wide?: boolean }
  | { kind: 'textarea'; name: string; label: string; hint?: string; rows?: number; html?: boolean }
  | { kind: 'datetime'; name: string; label: string }
  | { kind: 'checkbox'; name: string; label: string; hint?: string }
  | { kind: 'select'; name: string; label: string; options: { id: number; name: string }[] }
  | { kind: 'multi'; name: string; label: string; hint?: string; options: { id: number; name: string }[] }
  | { kind: 'words'; name: string; label: string; hint?: string }
  | { kind: 'legal-sections'; name: string; label: string }
  | { kind: 'expert'; name: string; label: string }
  | { kind: 'accordion'; name: string; label: string }

/** `expertPicture` (an article's expert's library photo) is read by the expert block, never sent. */
export type ContentValues = Record<
  string,
  | string
  | number
  | boolean
  | number[]
  | string[]
  | LegalSectionText[]
  | ArticleExpert
  | AccordionItem[]
  | LibraryPictureView
  | null
>

export function ContentForm({
  label,
  fields,
  values,
  apiPath,
  itemPath,
  id,
  canEdit,
  createLabel,
}: {
  label: string
  fields: ContentField[]
  values: ContentValues
  /** /api/admin/articles */
  apiPath: string
  /** /admin/content/articles: the created item opens at {itemPath}/{id}/ */
  itemPath: string
  id?: number
  canEdit: boolean
  createLabel: string
}) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [saved, setSaved] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const text = (name: string) => String(f.get(name) ?? '')
    const body: Record<string, unknown> = {}
    for (const field of fields) {
      const n = field.name
      if (field.kind === 'text' || field.kind === 'textarea') body[n] = text(n)
      else if (field.kind === 'datetime') body[n] = fromMoscowInput(text(n))
      else if (field.kind === 'checkbox') body[n] = f.get(n) === 'on'
      else if (field.kind === 'select') body[n] = Number(text(n)) || 0
      else if (field.kind === 'multi') body[n] = f.getAll(n).map((v) => Number(v))
      else if (field.kind === 'words')
        body[n] = text(n)
          .split(/[,\n]/)
          .map((w) => w.trim())
          .filter(Boolean)
      else if (field.kind === 'expert') body[n] = expertFromForm(f, n)
      else if (field.kind === 'accordion') body[n] = accordionFromForm(f, n)
      else body[n] = legalSectionsFromText(text(n))
    }
    setErrors({})
    setSaved(false)
    setBusy(true)
    try {
      if (id !== undefined) {
        await adminFetch('PATCH', `${apiPath}/${id}/`, body)
        setSaved(true)
        router.refresh()
      } else {
        const created = await adminFetch<{ id: number }>('POST', `${apiPath}/`, body)
        router.push(`${itemPath}/${created.id}/`)
        router.refresh()
      }
    } catch (error) {
      setErrors(
        error instanceof AdminApiError
          ? { ...error.fields, form: error.message }
          : { form: 'Не получилось сохранить.' },
      )
    } finally {
      setBusy(false)
    }
  }

  const input = (field: ContentField) => {
    const v = values[field.name]
    const err = errors[field.name]
    switch (field.kind) {
      case 'text':
        return (
          <Field key={field.name} label={field.label} error={err} hint={field.hint}>
            <TextInput
              name={field.name}
              defaultValue={String(v ?? '')}
              className={field.mono ? 'font-mono' : ''}
              invalid={Boolean(err)}
            />
          </Field>
        )
      case 'textarea':
        return (
          <div key={field.name} className="md:col-span-2">
            <Field label={field.label} error={err} hint={field.hint}>
              <textarea
                name={field.name}
                rows={field.rows ?? 4}
                defaultValue={String(v ?? '')}
                aria-invalid={err ? true : undefined}
                className={`${ui.input} ${field.html ? 'font-mono text-xs' : ''}`}
              />
            </Field>
          </div>
        )
      case 'datetime':
        return (
          <Field key={field.name} label={field.label} error={err} hint="Время московское.">
            <TextInput
              type="datetime-local"
              name={field.name}
              defaultValue={toMoscowInput(String(v ?? ''))}
              invalid={Boolean(err)}
            />
          </Field>
        )
      case 'checkbox':
        return (
          <label key={field.name} className="flex items-start gap-2 text-sm md:col-span-2">
            <input type="checkbox" name={field.name} defaultChecked={Boolean(v)} className="mt-0.5" />
            <span>
              <span className="font-medium">{field.label}</span>
              {field.hint ? <span className="text-ink-600"> — {field.hint}</span> : null}
            </span>
          </label>
        )
      case 'select':
        return (
          <Field key={field.name} label={field.label} error={err}>
            <select
              name={field.name}
              defaultValue={String(v ?? '')}
              className={ui.input}
              aria-invalid={err ? true : undefined}
            >
              <option value="">Выберите</option>
              {field.options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </Field>
        )
      case 'multi': {
        const chosen = new Set(Array.isArray(v) ? v.map(Number) : [])
        return (
          <Field
            key={field.name}
            label={field.label}
            error={err}
            hint={field.hint ?? 'Несколько — с Ctrl (⌘ на Mac).'}
          >
            <select
              name={field.name}
              multiple
              size={6}
              defaultValue={[...chosen].map(String)}
              className={ui.input}
              aria-invalid={err ? true : undefined}
            >
              {field.options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </Field>
        )
      }
      case 'words':
        return (
          <Field key={field.name} label={field.label} error={err} hint={field.hint}>
            <TextInput
              name={field.name}
              defaultValue={Array.isArray(v) ? v.join(', ') : ''}
              invalid={Boolean(err)}
            />
          </Field>
        )
      case 'expert':
        return (
          <ExpertFields
            key={field.name}
            name={field.name}
            label={field.label}
            value={v && typeof v === 'object' && !Array.isArray(v) && 'TITLE' in v ? v : null}
            picture={pictureOf(values[`${field.name}Picture`])}
            busy={busy || !canEdit}
            errors={errors}
          />
        )
      case 'accordion':
        return (
          <AccordionFields
            key={field.name}
            name={field.name}
            label={field.label}
            value={Array.isArray(v) ? (v as AccordionItem[]) : []}
            errors={errors}
          />
        )
      case 'legal-sections':
        return (
          <div key={field.name} className="md:col-span-2">
            <Field
              label={field.label}
              error={err ?? Object.entries(errors).find(([k]) => k.startsWith(`${field.name}.`))?.[1]}
              hint="Раздел начинается строкой «## Заголовок», абзацы — через пустую строку. {legalName}, {inn}, {ogrn}, {address} подставляются из реквизитов магазина."
            >
              <textarea
                name={field.name}
                rows={18}
                defaultValue={legalSectionsToText(Array.isArray(v) ? (v as LegalSectionText[]) : [])}
                className={`${ui.input} font-mono text-xs`}
              />
            </Field>
          </div>
        )
    }
  }

  return (
    <form onSubmit={submit} noValidate className={`${ui.card} space-y-5 p-4 sm:p-6`} aria-label={label}>
      <fieldset disabled={busy || !canEdit} className="grid gap-4 md:grid-cols-2">
        {fields.map(input)}
      </fieldset>
      {canEdit ? (
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={ui.button} disabled={busy || !hydrated}>
            {id !== undefined ? 'Сохранить' : createLabel}
          </button>
          <FormOutcome saved={saved} error={errors.form} />
        </div>
      ) : (
        <p className="text-sm text-ink-600">
          Только просмотр: менять материалы может контент-редактор или владелец.
        </p>
      )}
    </form>
  )
}
