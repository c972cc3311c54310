'use client'

import { FIELD_LABELS } from '@/domains/landings/landing-blocks'
import { ui } from '../styles'

/**
 * A landing block's fields drawn from its type's schema (ADR 203): the JSON Schema zod writes for the
 * block's zod schema in landing-data.ts, so a field added there appears here with no form to write.
 * Strings are inputs (long texts textareas), numbers number inputs, lists of strings one item a line,
 * lists of objects repeated groups with «Добавить» and «Убрать».
 */
export interface JsonSchema {
  type?: string
  const?: string
  enum?: string[]
  pattern?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  default?: unknown
}
export type Path = (string | number)[]
type Value = unknown

const LONG = new Set(['description', 'text', 'description_video'])
const HINTS: Record<string, string> = {
  image: 'Путь на сайте (/images/…) или https://…',
  img: 'Путь на сайте (/images/…) или https://…',
  video_preview_img: 'Путь на сайте или https://…',
  video: 'Файл на сайте (/video/…) или пусто — тогда обложка с заглушкой.',
  link: 'Путь на сайте или https://…',
  date: 'ДД.ММ.ГГГГ',
  products: 'Коды товаров каталога, по одному в строке.',
  lines: 'Одна строка бегущей строки — одна строка здесь.',
  color: 'Например #e8f5ee',
}
const SLIDER_NAMES: Record<string, string> = {
  'products-slider': 'Обычный',
  'products-slider-centered': 'По центру',
}

export const pathKey = (path: Path) => path.join('.')

/** A new block or item with every required field present and empty, lists at their least length. */
export function blank(schema: JsonSchema): Value {
  if (schema.const !== undefined) return schema.const
  if (schema.enum) return schema.enum[0]
  if (schema.default !== undefined) return schema.default
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, s]) => [
          k,
          s.pattern?.startsWith('^about-') ? 'about-product' : blank(s),
        ]),
      )
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => blank(schema.items ?? {}))
    case 'number':
    case 'integer':
      return schema.minimum ?? 0
    default:
      return ''
  }
}

/** Lists of strings are edited as lines; empty lines are dropped when sent. */
export function cleanBlock(value: Value, schema: JsonSchema): Value {
  if (schema.type === 'array' && Array.isArray(value))
    return schema.items?.type === 'string'
      ? value.filter((v) => typeof v === 'string' && v.trim() !== '')
      : value.map((v) => cleanBlock(v, schema.items ?? {}))
  if (schema.type === 'object' && value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        schema.properties?.[k] ? cleanBlock(v, schema.properties[k]) : v,
      ]),
    )
  return value
}

function ErrorText({ message }: { message: string | undefined }) {
  return message ? (
    <span role="alert" className="mt-1 block text-xs text-sale-500">
      {message}
    </span>
  ) : null
}

export function SchemaField({
  name,
  schema,
  value,
  path,
  errors,
  onChange,
}: {
  name: string
  schema: JsonSchema
  value: Value
  path: Path
  errors: Record<string, string>
  onChange: (path: Path, value: Value) => void
}) {
  const label = FIELD_LABELS[name] ?? name
  const error = errors[pathKey(path)]
  const hint = HINTS[name]
  if (schema.const !== undefined) return null
  if (schema.enum)
    return (
      <label className="block">
        <span className={ui.label}>Вид</span>
        <select value={String(value)} onChange={(e) => onChange(path, e.target.value)} className={ui.input}>
          {schema.enum.map((v) => (
            <option key={v} value={v}>
              {SLIDER_NAMES[v] ?? v}
            </option>
          ))}
        </select>
      </label>
    )
  if (schema.type === 'object')
    return (
      <div className="grid gap-3 md:grid-cols-2">
        {Object.entries(schema.properties ?? {})
          .filter(([, s]) => s.const === undefined)
          .map(([key, s]) => (
            <div key={key} className={LONG.has(key) || s.type === 'array' ? 'md:col-span-2' : undefined}>
              <SchemaField
                name={key}
                schema={s}
                value={(value as Record<string, Value> | null)?.[key]}
                path={[...path, key]}
                errors={errors}
                onChange={onChange}
              />
            </div>
          ))}
      </div>
    )
  if (schema.type === 'array' && schema.items?.type === 'string') {
    const list = Array.isArray(value) ? (value as string[]) : []
    const itemError = Object.entries(errors).find(([k]) => k.startsWith(`${pathKey(path)}.`))?.[1]
    return (
      <label className="block">
        <span className={ui.label}>{label}</span>
        <textarea
          rows={Math.max(3, list.length + 1)}
          value={list.join('\n')}
          onChange={(e) => onChange(path, e.target.value.split('\n'))}
          className={`${ui.input} ${name === 'products' ? 'font-mono text-xs' : ''}`}
          aria-invalid={error || itemError ? true : undefined}
        />
        {hint && !(error || itemError) ? (
          <span className="mt-1 block text-xs text-ink-600">{hint}</span>
        ) : null}
        <ErrorText message={error ?? itemError} />
      </label>
    )
  }
  if (schema.type === 'array') {
    const list = Array.isArray(value) ? value : []
    const fixed = schema.minItems !== undefined && schema.minItems === schema.maxItems
    return (
      <fieldset className="rounded-md border border-line p-3">
        <legend className="px-1 text-sm font-semibold">{label}</legend>
        <div className="space-y-3">
          {list.map((item, i) => (
            <div key={i} className="rounded-md bg-surface p-3" data-item={i + 1}>
              <div className="mb-2 flex items-center justify-between gap-2 text-xs font-semibold text-ink-600">
                <span>№ {i + 1}</span>
                {!fixed && list.length > (schema.minItems ?? 0) ? (
                  <button
                    type="button"
                    className="text-sale-500 hover:underline"
                    onClick={() =>
                      onChange(
                        path,
                        list.filter((_, j) => j !== i),
                      )
                    }
                  >
                    Убрать
                  </button>
                ) : null}
              </div>
              <SchemaField
                name={name}
                schema={schema.items ?? {}}
                value={item}
                path={[...path, i]}
                errors={errors}
                onChange={onChange}
              />
            </div>
          ))}
        </div>
        {!fixed && (schema.maxItems === undefined || list.length < schema.maxItems) ? (
          <button
            type="button"
            className={`${ui.buttonSecondary} mt-3`}
            onClick={() => onChange(path, [...list, blank(schema.items ?? {})])}
          >
            Добавить
          </button>
        ) : null}
        <ErrorText message={error} />
      </fieldset>
    )
  }
  const numeric = schema.type === 'number' || schema.type === 'integer'
  const text = value === undefined || value === null ? '' : String(value)
  return (
    <label className="block">
      <span className={ui.label}>
        {schema.pattern?.startsWith('^about-') ? 'Вид блока (about-код товара)' : label}
      </span>
      {LONG.has(name) ? (
        <textarea
          rows={4}
          value={text}
          onChange={(e) => onChange(path, e.target.value)}
          className={ui.input}
          aria-invalid={error ? true : undefined}
        />
      ) : (
        <input
          value={text}
          inputMode={numeric ? 'numeric' : undefined}
          onChange={(e) =>
            onChange(
              path,
              numeric ? (e.target.value.trim() === '' ? '' : Number(e.target.value)) : e.target.value,
            )
          }
          className={`${ui.input} ${schema.pattern ? 'font-mono' : ''}`}
          aria-invalid={error ? true : undefined}
        />
      )}
      {hint && !error ? <span className="mt-1 block text-xs text-ink-600">{hint}</span> : null}
      <ErrorText message={error} />
    </label>
  )
}
