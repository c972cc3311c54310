'use client'

import { useRef, useState } from 'react'
import type { AccordionItem, ArticleExpert } from '@/db/schema/content'
import type { LibraryPictureView } from '@/domains/media/media-library'
import { Field, TextInput } from '../field'
import { MoveButtons, moved } from '../filter-properties/reorder'
import { PicturePicker } from '../picture-picker'
import { ui } from '../styles'

/**
 * The article's expert block and accordion as form fields (ADR 208): plain inputs named so the
 * content form builds `expert` ({IMG, IMG_SIZE, TITLE, SUB_TITLE, TEXT} or null) and `accordion`
 * ([{TITLE, TEXT}]) from them; no HTML anywhere.
 */
type Errors = Record<string, string>
const errorOf = (errors: Errors, prefix: string) =>
  errors[prefix] ?? Object.entries(errors).find(([k]) => k.startsWith(`${prefix}.`))?.[1]

export function expertFromForm(f: FormData, name: string): ArticleExpert | null {
  if (f.get(`${name}.on`) !== 'on') return null
  const text = (key: string) => String(f.get(`${name}.${key}`) ?? '')
  const pictureId = Number(text('PICTURE_ID'))
  return {
    IMG: text('IMG'),
    IMG_SIZE: text('IMG_SIZE') === 'big' ? 'big' : 'small',
    TITLE: text('TITLE'),
    SUB_TITLE: text('SUB_TITLE'),
    TEXT: text('TEXT'),
    PICTURE_ID: Number.isInteger(pictureId) && pictureId > 0 ? pictureId : null,
  }
}

/** Rows left wholly empty are dropped: an added and untouched block is not an error. */
export function accordionFromForm(f: FormData, name: string): AccordionItem[] {
  const titles = f.getAll(`${name}.TITLE`).map(String)
  const texts = f.getAll(`${name}.TEXT`).map(String)
  return titles
    .map((TITLE, i) => ({ TITLE, TEXT: texts[i] ?? '' }))
    .filter((item) => item.TITLE.trim() !== '' || item.TEXT.trim() !== '')
}

export function ExpertFields({
  name,
  label,
  value,
  picture,
  busy,
  errors,
}: {
  name: string
  label: string
  value: ArticleExpert | null
  /** The chosen library photo (ADR 207, second addendum), if any. */
  picture: LibraryPictureView | null
  busy: boolean
  errors: Errors
}) {
  const [on, setOn] = useState(value !== null)
  const [fromLibrary, setFromLibrary] = useState(picture !== null)
  const err = (key: string) => errors[`${name}.${key}`]
  return (
    <fieldset className="space-y-3 rounded-lg border border-line p-4 md:col-span-2" data-field={name}>
      <legend className="px-1 text-sm font-semibold">{label}</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name={`${name}.on`} checked={on} onChange={(e) => setOn(e.target.checked)} />
        <span>Показывать блок эксперта под текстом статьи</span>
      </label>
      {errors[name] ? (
        <p className="text-xs text-sale-500" role="alert">
          {errors[name]}
        </p>
      ) : null}
      <div hidden={!on} className="grid gap-4 md:grid-cols-2">
        <Field label="Имя эксперта" error={err('TITLE')}>
          <TextInput name={`${name}.TITLE`} defaultValue={value?.TITLE ?? ''} invalid={Boolean(err('TITLE'))} />
        </Field>
        <Field label="Должность, регалии" error={err('SUB_TITLE')}>
          <TextInput
            name={`${name}.SUB_TITLE`}
            defaultValue={value?.SUB_TITLE ?? ''}
            invalid={Boolean(err('SUB_TITLE'))}
          />
        </Field>
        <div className="space-y-2 md:col-span-2">
          <PicturePicker
            picture={picture}
            fallback={picture ? '' : (value?.IMG ?? '')}
            error={err('PICTURE_ID')}
            busy={busy}
            legend="Фото эксперта"
            noneText="Фото из медиатеки нет: сайт показывает адрес ниже."
            clearText="Убрать картинку"
            name={`${name}.PICTURE_ID`}
            onChange={(p) => setFromLibrary(p !== null)}
          />
          {/* Kept in the form while a library photo is chosen (the server drops it then), so clearing the choice gives it back. */}
          <div hidden={fromLibrary}>
            <Field label="Адрес фото" error={err('IMG')} hint="Если фото не из медиатеки: /upload/… или https://…">
              <TextInput
                name={`${name}.IMG`}
                defaultValue={value?.IMG ?? ''}
                className="font-mono"
                invalid={Boolean(err('IMG'))}
              />
            </Field>
          </div>
        </div>
        <Field label="Размер фото" error={err('IMG_SIZE')}>
          <select name={`${name}.IMG_SIZE`} defaultValue={value?.IMG_SIZE ?? 'small'} className={ui.input}>
            <option value="small">Маленькое</option>
            <option value="big">Большое</option>
          </select>
        </Field>
        <div className="md:col-span-2">
          <Field label="Мнение эксперта (цитата)" error={err('TEXT')} hint="Простой текст, без HTML.">
            <textarea
              name={`${name}.TEXT`}
              rows={4}
              defaultValue={value?.TEXT ?? ''}
              aria-invalid={err('TEXT') ? true : undefined}
              className={ui.input}
            />
          </Field>
        </div>
      </div>
    </fieldset>
  )
}

export function AccordionFields({
  name,
  label,
  value,
  errors,
}: {
  name: string
  label: string
  value: AccordionItem[]
  errors: Errors
}) {
  // Each row keeps its key when moved, so the typed text moves with it (the inputs are uncontrolled).
  const next = useRef(value.length)
  const [rows, setRows] = useState(() => value.map((item, i) => ({ key: i, item })))
  const move = (from: number, to: number) => {
    const order = moved(
      rows.map((_, i) => i),
      from,
      to,
    )
    setRows(order.map((i) => rows[i]!))
  }
  return (
    <fieldset className="space-y-3 rounded-lg border border-line p-4 md:col-span-2" data-field={name}>
      <legend className="px-1 text-sm font-semibold">{label}</legend>
      <p className="text-sm text-ink-600">
        Вопрос и ответ (или заголовок и текст раздела): покупатель раскрывает каждый блок сам. Простой
        текст, без HTML; пустые строки разделяют абзацы.
      </p>
      {errors[name] ? (
        <p className="text-xs text-sale-500" role="alert">
          {errors[name]}
        </p>
      ) : null}
      <ol className="space-y-3">
        {rows.map((row, i) => {
          const err = errorOf(errors, `${name}.${i}`)
          return (
            <li
              key={row.key}
              className="grid gap-2 rounded-lg bg-surface p-3 md:grid-cols-[1fr_auto]"
              data-accordion-row={i}
            >
              <div className="space-y-2">
                <TextInput
                  name={`${name}.TITLE`}
                  aria-label={`Блок ${i + 1}: заголовок`}
                  placeholder="Заголовок или вопрос"
                  defaultValue={row.item.TITLE}
                  invalid={Boolean(err)}
                />
                <textarea
                  name={`${name}.TEXT`}
                  aria-label={`Блок ${i + 1}: текст`}
                  placeholder="Текст или ответ"
                  rows={3}
                  defaultValue={row.item.TEXT}
                  aria-invalid={err ? true : undefined}
                  className={ui.input}
                />
                {err ? (
                  <p className="text-xs text-sale-500" role="alert">
                    {err}
                  </p>
                ) : null}
              </div>
              <div className="flex items-start gap-1.5">
                <MoveButtons
                  index={i}
                  count={rows.length}
                  name={`блок ${i + 1}`}
                  locked={false}
                  move={move}
                />
                <button
                  type="button"
                  className={`${ui.buttonSecondary} px-2 py-1`}
                  aria-label={`Удалить блок ${i + 1}`}
                  onClick={() => setRows(rows.filter((r) => r.key !== row.key))}
                >
                  ✕
                </button>
              </div>
            </li>
          )
        })}
      </ol>
      <button
        type="button"
        className={ui.buttonSecondary}
        onClick={() => setRows([...rows, { key: next.current++, item: { TITLE: '', TEXT: '' } }])}
      >
        Добавить блок
      </button>
    </fieldset>
  )
}
