import { ui } from '../styles'

export interface MarkedPiece {
  lineId: number
  name: string
  quantity: number
}

/**
 * A field per marked piece (Честный ЗНАК, ADR 183): the warehouse scans each piece's code into its
 * own field (a scanner types the code and Enter moves on). Plain inputs, read by codesFromForm.
 */
export function MarkCodeFields({ pieces }: { pieces: readonly MarkedPiece[] }) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold">Коды маркировки</legend>
      <p className="text-xs text-ink-600">По коду с упаковки каждой штуки: они уйдут в чек полного расчёта.</p>
      {pieces.map((p) =>
        Array.from({ length: p.quantity }, (_, i) => (
          <label key={`${p.lineId}-${i}`} className="block">
            <span className="text-xs text-ink-600">
              {p.name}
              {p.quantity > 1 ? `, штука ${i + 1} из ${p.quantity}` : ''}
            </span>
            <input name={`mark-${p.lineId}-${i}`} className={`${ui.input} font-mono`} autoComplete="off" spellCheck={false} required maxLength={256} />
          </label>
        )),
      )}
    </fieldset>
  )
}

/** The fields' codes as the settlement endpoint takes them; null when a field is empty. */
export function codesFromForm(form: HTMLFormElement, pieces: readonly MarkedPiece[]): { lineId: number; codes: string[] }[] | null {
  const data = new FormData(form)
  const out = pieces.map((p) => ({ lineId: p.lineId, codes: Array.from({ length: p.quantity }, (_, i) => String(data.get(`mark-${p.lineId}-${i}`) ?? '').trim()) }))
  return out.every((l) => l.codes.every(Boolean)) ? out : null
}
