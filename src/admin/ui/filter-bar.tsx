import Form from 'next/form'
import Link from 'next/link'
import { ui } from './styles'

export type FilterDef =
  | { name: string; label: string; kind: 'text' | 'date' | 'number'; placeholder?: string }
  | { name: string; label: string; kind: 'select'; options: readonly { value: string; label: string }[] }

/**
 * A list's filters as a GET form: submitting puts them in the URL (client navigation through
 * next/form), so the state survives a reload and can be saved as a view.
 */
export function FilterBar({ action, filters, values }: { action: string; filters: readonly FilterDef[]; values: Record<string, string> }) {
  return (
    <Form action={action} className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-line bg-white p-3">
      {filters.map((f) => (
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
      ))}
      <button type="submit" className={ui.button}>
        Показать
      </button>
      <Link href={action} className={ui.buttonSecondary}>
        Сбросить
      </Link>
    </Form>
  )
}
