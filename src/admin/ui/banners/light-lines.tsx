'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import type { LightLineView } from '@/domains/banners/banners'
import { useHydrated } from '@/ui/use-hydrated'
import { adminFetch } from '../api-client'
import { Field, FormOutcome, TextInput } from '../field'
import { OrderedList } from '../ordered-list'
import { ui } from '../styles'
import { DateFields, ShownBadge, datesOf, datesText, errorsOf } from './banner-parts'

type LineFields = Pick<LightLineView, 'text' | 'link' | 'linkText' | 'startsAt' | 'endsAt' | 'active'>
const EMPTY: LineFields = { text: '', link: '', linkText: '', startsAt: null, endsAt: null, active: true }

function fieldsOf(f: FormData) {
  const text = (name: string) => String(f.get(name) ?? '')
  return {
    text: text('text'),
    link: text('link'),
    linkText: text('linkText'),
    ...datesOf(f),
    active: f.get('active') === 'on',
  }
}

function LineFieldset({
  line,
  errors,
  busy,
}: {
  line: LineFields
  errors: Record<string, string>
  busy: boolean
}) {
  return (
    <>
      <Field label="Текст полосы" error={errors.text}>
        <TextInput name="text" defaultValue={line.text} invalid={Boolean(errors.text)} disabled={busy} />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Ссылка" error={errors.link} hint="Путь на сайте или https://…; пусто — без ссылки.">
          <TextInput
            name="link"
            defaultValue={line.link}
            className="font-mono"
            invalid={Boolean(errors.link)}
            disabled={busy}
          />
        </Field>
        <Field label="Текст ссылки" error={errors.linkText} hint="Пусто — «Подробнее».">
          <TextInput
            name="linkText"
            defaultValue={line.linkText}
            invalid={Boolean(errors.linkText)}
            disabled={busy}
          />
        </Field>
        <DateFields banner={line} errors={errors} busy={busy} />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="active"
          defaultChecked={line.active}
          className="size-4"
          disabled={busy}
        />
        Показывать на сайте
      </label>
    </>
  )
}

function LineForm({ line, onDone }: { line: LightLineView | null; onDone: (text: string) => void }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const body = fieldsOf(new FormData(form))
    setErrors({})
    setBusy(true)
    try {
      await (line
        ? adminFetch('PATCH', `/api/admin/banners/light-lines/${line.id}/`, body)
        : adminFetch('POST', '/api/admin/banners/light-lines/', body))
      if (!line) form.reset()
      router.refresh()
      onDone(body.text.trim())
    } catch (error) {
      setErrors(errorsOf(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={line ? `Полоса ${line.text}` : 'Новая полоса'}
      className={
        line
          ? 'mt-3 space-y-3 rounded-md border border-line bg-surface p-3'
          : 'space-y-3 border-t border-line pt-4'
      }
    >
      {line ? null : <h3 className="font-semibold">Новая полоса</h3>}
      <LineFieldset line={line ?? EMPTY} errors={errors} busy={busy} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={ui.button} disabled={busy || !hydrated}>
          {line ? 'Сохранить' : 'Добавить полосу'}
        </button>
        {line ? (
          <button type="button" className={ui.buttonSecondary} onClick={() => onDone('')} disabled={busy}>
            Отмена
          </button>
        ) : null}
        <FormOutcome error={errors.form && Object.keys(errors).length === 1 ? errors.form : undefined} />
      </div>
    </form>
  )
}

/** The light line over the header (ADR 207): the site shows the first line of this order that is shown now. */
export function LightLines({
  lines,
  canEdit,
  now,
}: {
  lines: LightLineView[]
  canEdit: boolean
  now: string
}) {
  return (
    <OrderedList
      heading="Полоса над шапкой"
      headingId="light-line-title"
      intro="На сайте — первая по порядку полоса, которая показывается сейчас."
      label="Полосы по порядку"
      empty="Полос пока нет."
      items={lines}
      canEdit={canEdit}
      rowData="data-light-line"
      nameOf={(l) => l.text}
      ordinal="я"
      saveOrder={(ids) => adminFetch('POST', '/api/admin/banners/light-lines/order/', { ids })}
      toggle={{
        send: (l) => adminFetch('PATCH', `/api/admin/banners/light-lines/${l.id}/`, { active: !l.active }),
        said: (l) => (l.active ? 'Полоса скрыта.' : 'Полоса показана.'),
      }}
      summary={(l) => (
        <>
          <div className="min-w-48 flex-1">
            <div className="font-medium break-words">{l.text}</div>
            <div className="text-xs text-ink-600">
              {l.link ? (
                <>
                  {l.linkText || 'Подробнее'} → <span className="font-mono break-all">{l.link}</span> ·{' '}
                </>
              ) : null}
              {datesText(l)}
            </div>
          </div>
          <ShownBadge banner={l} now={now} />
        </>
      )}
      form={(l, close) => <LineForm line={l} onDone={close} />}
      newForm={(announce) => (
        <LineForm line={null} onDone={(text) => announce(`Полоса «${text}» добавлена.`)} />
      )}
    />
  )
}
