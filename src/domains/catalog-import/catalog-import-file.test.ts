import { describe, expect, it } from 'vitest'
import { Refusal } from '@/lib/refusal'
import { COLUMNS } from './catalog-import'
import { decodeUtf8, detectDelimiter, readCatalogFile, readCsv, unguard, writeCsv, writeXlsx } from './catalog-import-file'
import { parseImportRow } from './catalog-import.schema'

const utf8 = (text: string) => new TextEncoder().encode(text)

describe('the catalogue file (ADR 186)', () => {
  it('tells `;` from `,` by the header line, ignoring separators inside quotes; a tie is `;`', () => {
    expect(detectDelimiter('Код товара;Артикул;Цена, ₽\r\nx;y;1,5')).toBe(';')
    expect(detectDelimiter('Код товара,Артикул,"Цена, ₽"\nx,y,"1,5"')).toBe(',')
    expect(detectDelimiter('"a;b;c",d,e\n')).toBe(',')
    expect(detectDelimiter('Код товара')).toBe(';')
  })

  it('reads UTF-8 with and without a BOM alike and refuses another encoding in Russian', () => {
    const text = 'Код товара;Артикул\r\nomega;OM-1\r\n'
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)])
    expect(readCsv(withBom)).toEqual(readCsv(utf8(text)))
    expect(readCsv(withBom).header).toEqual(['Код товара', 'Артикул'])
    expect(decodeUtf8(withBom)).toBe(text)
    // «Код» in Windows-1251.
    const cp1251 = new Uint8Array([0xca, 0xee, 0xe4, 0x3b, 0x41])
    expect(() => decodeUtf8(cp1251)).toThrow(new Refusal('invalid', 'Файл не в кодировке UTF-8: сохраните его как «CSV UTF-8» или в формате XLSX.'))
  })

  it('numbers rows by their first line in the file, a quoted line break included', () => {
    const sheet = readCsv(utf8('Код товара,Название,Артикул\nomega,"Омега\nтри",OM-1\n\nvit-d,Витамин D,VD-1\n'))
    expect(sheet.delimiter).toBe(',')
    expect(sheet.rows.map((r) => [r.line, r.cells[1] ?? ''])).toEqual([
      [2, 'Омега\nтри'],
      [4, ''],
      [5, 'Витамин D'],
    ])
  })

  it('takes off the formula guard the export puts on, so text comes back as it went', () => {
    expect(unguard("'=1+1")).toBe('=1+1')
    expect(unguard("'-5 капсул")).toBe('-5 капсул')
    expect(unguard("'обычный")).toBe("'обычный")
    const csv = writeCsv(['Название'], [['=HYPERLINK("x")'], ['@вкус'], ['-']])
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`)
    expect(readCsv(utf8(csv)).rows.map((r) => r.cells[0])).toEqual(['=HYPERLINK("x")', '@вкус', '-'])
  })

  it('parses a row into kopecks, yes/no and forms, and refuses a bad cell naming its column in Russian', () => {
    const ok = parseImportRow({ code: 'omega-3', sku: 'OM-60', price: '1 234,5', oldPrice: '', stock: '', published: 'Да', form: 'Капсулы', sections: 'immunity, heart', vatPercent: '22%' })
    expect(ok).toEqual({
      ok: true,
      row: { code: 'omega-3', sku: 'OM-60', price: 123_450, oldPrice: null, stock: null, published: true, form: 'capsules', sections: ['immunity', 'heart'], vatPercent: 22 },
    })
    const reasons = [
      parseImportRow({ code: 'omega-3', sku: 'OM-60', price: 'двести' }),
      parseImportRow({ code: 'омега', sku: 'OM-60' }),
      parseImportRow({ code: 'omega-3', sku: 'OM 60' }),
      parseImportRow({ code: 'omega-3', sku: 'OM-60', stock: '-1' }),
      parseImportRow({ code: 'omega-3', sku: 'OM-60', published: 'может быть' }),
      parseImportRow({ code: 'omega-3', sku: 'OM-60', vatPercent: '18' }),
      parseImportRow({ code: 'omega-3', sku: 'OM-60', price: '100', oldPrice: '90' }),
      parseImportRow({ code: 'omega-3' }),
    ]
    expect(reasons.map((r) => (r.ok ? 'ok' : r.reason))).toEqual([
      '«Цена, ₽»: Цена — сумма от 0 до 10 000 000 ₽.',
      '«Код товара»: Код для адреса — от 2 до 100 латинских букв, цифр, «-» или «_».',
      '«Артикул»: Артикул — от 1 до 60 символов: латиница, цифры, «-», «_», «.».',
      '«Остаток»: Остаток — целое число от 0; пусто — не учитывается.',
      '«Опубликован»: напишите «да» или «нет».',
      '«НДС, %»: Ставка НДС: 0, 5, 7, 10, 20 или 22 %.',
      '«Старая цена, ₽»: Старая цена должна быть больше цены; пусто — без скидки.',
      '«Артикул»: Артикул — от 1 до 60 символов: латиница, цифры, «-», «_», «.».',
    ])
  })

  it('writes XLSX that reads back to the same cells, and tells XLSX from CSV by its bytes', async () => {
    const header = COLUMNS.map((c) => c.header)
    const row = COLUMNS.map((c) => (c.key === 'price' ? 1234.5 : c.key === 'stock' ? 0 : c.key === 'oldPrice' ? null : c.key === 'name' ? '=SUM(A1)' : `${c.key}-значение`))
    const bytes = await writeXlsx(header, [row])
    expect([...bytes.slice(0, 2)]).toEqual([0x50, 0x4b])
    const sheet = await readCatalogFile(bytes)
    expect(sheet.format).toBe('xlsx')
    expect(sheet.header).toEqual(header)
    expect(sheet.rows).toHaveLength(1)
    expect(sheet.rows[0]!.line).toBe(2)
    expect(sheet.rows[0]!.cells).toEqual(row.map((v) => (v === null ? '' : String(v))))
  })
})
