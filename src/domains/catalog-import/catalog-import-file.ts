import 'server-only'
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { toCsv, type CsvValue } from '@/lib/csv'
import { Refusal } from '@/lib/refusal'
import { IMPORT_MESSAGES as M, MAX_IMPORT_ROWS } from './catalog-import'

/**
 * Reading and writing the catalogue file (ADR 186): CSV in UTF-8 with or without a BOM, `;` or `,`
 * told apart by the header line, or the first sheet of an XLSX workbook. Every cell comes out as text
 * (what a person typed), so one row schema judges CSV and XLSX alike.
 */
export interface SheetRow {
  /** The line of the file (the header is 1); a row spread over lines by a quoted line break: its first line. */
  line: number
  cells: string[]
}

export interface Sheet {
  format: 'csv' | 'xlsx'
  delimiter?: ';' | ','
  header: string[]
  rows: SheetRow[]
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]

/** The header line's separator: whichever of `;` and `,` it has more of outside quotes; `;` on a tie (Russian Excel's). */
export function detectDelimiter(text: string): ';' | ',' {
  let semicolons = 0
  let commas = 0
  let quoted = false
  for (const ch of text) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && (ch === '\n' || ch === '\r')) break
    else if (!quoted && ch === ';') semicolons++
    else if (!quoted && ch === ',') commas++
  }
  return commas > semicolons ? ',' : ';'
}

/** UTF-8 text without its BOM; anything that is not UTF-8 (a cp1251 export, say) is refused in Russian. */
export function decodeUtf8(bytes: Uint8Array): string {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new Refusal('invalid', M.notUtf8)
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

/**
 * A text cell that starts with = + - @ went out with a ' before it so that a spreadsheet would not
 * run it as a formula (src/lib/csv.ts); coming back, the guard is taken off so the round trip is exact.
 */
export function unguard(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell
}

export function readCsv(bytes: Uint8Array): Sheet {
  const text = decodeUtf8(bytes)
  const delimiter = detectDelimiter(text)
  let records: { record: string[]; info: { lines: number } }[]
  try {
    records = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: false, info: true }) as unknown as { record: string[]; info: { lines: number } }[]
  } catch (error) {
    const detail = error instanceof Error && 'lines' in error ? `строка ${String((error as { lines: unknown }).lines)}` : 'файл повреждён'
    throw new Refusal('invalid', M.badCsv(detail))
  }
  const rows: SheetRow[] = []
  let lastLine = 0
  for (const { record, info } of records) {
    rows.push({ line: lastLine + 1, cells: record.map(unguard) })
    lastLine = info.lines
  }
  const [header, ...body] = rows
  return { format: 'csv', delimiter, header: header?.cells.map((h) => h.trim()) ?? [], rows: body }
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  if (typeof value === 'boolean') return value ? 'да' : 'нет'
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if ('richText' in value) return value.richText.map((r) => r.text).join('')
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue)
  if ('text' in value) return String(value.text)
  return ''
}

export async function readXlsx(bytes: Uint8Array): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer)
  } catch {
    throw new Refusal('invalid', M.badXlsx)
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) throw new Refusal('invalid', M.empty)
  const rows: SheetRow[] = []
  let header: string[] = []
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: string[] = []
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value)
    })
    const filled = Array.from(cells, (c) => c ?? '')
    if (header.length === 0 && rows.length === 0) header = filled.map((h) => h.trim())
    else rows.push({ line, cells: filled })
  })
  return { format: 'xlsx', header, rows }
}

/** CSV or XLSX, told by the bytes (an XLSX is a ZIP), not by the name or the declared type. */
export async function readCatalogFile(bytes: Uint8Array): Promise<Sheet> {
  const sheet = ZIP_MAGIC.every((b, i) => bytes[i] === b) ? await readXlsx(bytes) : readCsv(bytes)
  if (sheet.rows.length > MAX_IMPORT_ROWS) throw new Refusal('invalid', M.tooManyRows(MAX_IMPORT_ROWS))
  return sheet
}

export function writeCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return toCsv(header, rows)
}

/** The same table as an XLSX sheet: text stays text (a cell is never a formula), numbers are numbers. */
export async function writeXlsx(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Товары', { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.addRow([...header]).font = { bold: true }
  for (const row of rows) sheet.addRow(row.map((v) => (v === null ? '' : v)))
  sheet.columns.forEach((column, i) => {
    column.width = Math.min(40, Math.max(10, (header[i]?.length ?? 10) + 2))
  })
  // Inline strings: a third faster to write than the shared-string table, and every reader takes them.
  return new Uint8Array(await workbook.xlsx.writeBuffer({ useSharedStrings: false, useStyles: true }))
}
