/**
 * CSV the way Russian Excel opens it by double click: `;` between fields, CRLF between lines, every
 * field that holds `;`, a quote or a line break quoted with quotes doubled. The BOM is added by the
 * answer (csvFile in src/admin/endpoint.ts), not here, so pieces can be joined.
 * A field starting with = + - @ is prefixed with ' so a spreadsheet never runs it as a formula.
 */
export type CsvValue = string | number | boolean | null | undefined | Date

function field(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  let text = value instanceof Date ? value.toISOString() : String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(field).join(';')).join('\r\n') + '\r\n'
}
