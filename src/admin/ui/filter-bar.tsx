import Form from 'next/form'
import Link from 'next/link'
import { ui } from './styles'

export type FilterDef =
  | { name: string; label: string; kind: 'text' | 'date' | 'number'; placeholder?: string }
  | { name: string; label: string; kind: 'select'; options: readonly { value: string; label: string }[] }
  /** Several values at once, as toggles in a row of their own; the value is a comma list. */
  | { name: string; label: string; kind: 'choices'; options: readonly { value: string; label: string }[] }

function Choices({ def, value }: { def: Extract<FilterDef, { kind: 'choices' }>; value: string }) {
  const chosen = new Set(value.split(',').filter(Boolean))
  return (
    <fieldset className="flex w-full flex-wrap items-center gap-1.5">
      <legend className="sr-only">{def.label}</legend>
      <span aria-hidden className="mr-1 text-xs font-medium text-ink-600">
        {def.label}:
      </span>
      {def.options.map((o) => (
        <label key={o.value} className="cursor-pointer">
          {/* Each ticked box is its own field; the page reads them back as one comma list. */}
          <input type="checkbox" name={def.name} value={o.value} defaultChecked={chosen.has(o.value)} className="peer sr-only" />
          <span className="inline-block rounded-full border border-line bg-white px-3 py-1 text-xs font-medium text-ink-900 select-none peer-checked:border-brand-500 peer-checked:bg-brand-50 peer-checked:text-brand-600 peer-checked:before:mr-1 peer-checked:before:content-['✓'] peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 hover:border-brand-500">
            {o.label}
          </span>
        </label>
      ))}
    </fieldset>
  )
}

/**
 * A list's filters as a GET form: submitting puts them in the URL (client navigation through
 * next/form), so the state survives a reload and can be saved as a view. `keep` are values the form
 * has no field for but must not lose (the sort); the page number is never kept, a new filter starts
 * on the first page.
 */
export function FilterBar({
  action,
  filters,
  values,
  keep = {},
}: {
  action: string
  filters: readonly FilterDef[]
  values: Record<string, string>
  keep?: Record<string, string>
}) {
  return (
    <Form action={action} className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-line bg-white p-3">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {filters.map((f) =>
        f.kind === 'choices' ? (
          <Choices key={f.name} def={f} value={values[f.name] ?? ''} />
        ) : (
          <label key={f.name} className={f.kind === 'text' ? 'min-w-56 flex-1' : 'w-40'}>
            <span className="mb-1 block text-xs font-medium text-ink-600">{f.label}</span>
            {f.kind === 'select' ? (
              <select name={f.name} defaultValue={values[f.name] ?? ''} className={ui.input}>
                <option value="">Все</option>
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                name={f.name}
                type={f.kind === 'text' ? 'search' : f.kind}
                defaultValue={values[f.name] ?? ''}
                placeholder={f.kind === 'text' ? f.placeholder : undefined}
                className={ui.input}
              />
            )}
          </label>
        ),
      )}
      <div className="ml-auto flex gap-2">
        <button type="submit" className={ui.button}>
          Показать
        </button>
        <Link href={action} className={ui.buttonSecondary}>
          Сбросить
        </Link>
      </div>
    </Form>
  )
}
