import 'server-only'
import { readFileSync } from 'node:fs'
import pdfmake from 'pdfmake'
import roboto from 'pdfmake/fonts/Roboto.js'
import { EXAMPLE_NOTE_SHORT } from '@/domains/layout/shop'
import { documentAmount, PRINT_FORM_TITLES, type InvoiceModel, type PackingSlipModel, type PrintDocument, type PrintForm } from './print-forms'

/**
 * The print forms as a PDF, drawn by pdfmake (ADR 163) from the same document models as the HTML
 * page. The Roboto it ships has Cyrillic and is read from node_modules into pdfmake's virtual file
 * system, so no network and no system font is needed; every other URL and file is refused.
 */

/** pdfmake's document definition is a loose tree of objects; this is the part we write. */
type Node = string | { [key: string]: unknown }

const STYLES = ['normal', 'bold', 'italics', 'bolditalics'] as const

let ready = false
function setUp(): void {
  if (ready) return
  // pdfmake's own font map gives the files' paths at run time. Naming the .ttf files here instead
  // would make the bundler try to compile them (pdfmake itself stays out of the bundle, next.config.ts).
  const files = Object.fromEntries(STYLES.map((style) => [style, `Roboto-${style}.ttf`])) as Record<(typeof STYLES)[number], string>
  for (const style of STYLES) pdfmake.virtualfs.writeFileSync(files[style], readFileSync(roboto.Roboto[style]))
  pdfmake.addFonts({ Roboto: files })
  // Our documents name no images or files; refusing both also silences pdfmake's warning about it.
  pdfmake.setUrlAccessPolicy(() => false)
  pdfmake.setLocalAccessPolicy(() => false)
  ready = true
}

const cell = (text: string, extra: Record<string, unknown> = {}): Node => ({ text, ...extra })
const right = (text: string, extra: Record<string, unknown> = {}): Node => cell(text, { alignment: 'right', ...extra })
const label = (text: string): Node => cell(text, { fontSize: 7, color: '#555555' })
const noBorders = { hLineWidth: () => 0, vLineWidth: () => 0, paddingLeft: () => 0, paddingRight: () => 4 }

function exampleNote(example: boolean): Node[] {
  return example ? [cell(EXAMPLE_NOTE_SHORT, { bold: true, color: '#b45309', margin: [0, 0, 0, 8] })] : []
}

function invoice(doc: InvoiceModel): Node[] {
  const p = doc.payee
  const bank: Node = {
    table: {
      widths: ['*', '*', 45, 130],
      body: [
        [{ stack: [p.bankName, label('Банк получателя')], colSpan: 2, rowSpan: 2 }, '', 'БИК', p.bik],
        ['', '', 'Сч. №', p.corrAccount],
        [`ИНН ${p.inn}`, `КПП ${p.kpp}`, { text: 'Сч. №', rowSpan: 2 }, { text: p.account, rowSpan: 2 }],
        [{ stack: [p.name, label('Получатель')], colSpan: 2 }, '', '', ''],
      ],
    },
    margin: [0, 0, 0, 14],
  }
  const lines: Node = {
    table: {
      headerRows: 1,
      widths: [18, '*', 40, 28, 62, 68],
      body: [
        ['№', 'Товары (работы, услуги)', 'Кол-во', 'Ед.', 'Цена', 'Сумма'].map((h) => cell(h, { bold: true, alignment: 'center' })),
        ...doc.rows.map((r) => [right(String(r.n)), r.name, right(String(r.quantity)), r.unit, right(documentAmount(r.price)), right(documentAmount(r.sum))]),
      ],
    },
    margin: [0, 10, 0, 6],
  }
  const totals: Node = {
    table: {
      widths: ['*', 90],
      body: doc.totals.map((t) => [right(t.label, { bold: true }), right(t.amount === null ? '—' : documentAmount(t.amount), { bold: true })]),
    },
    layout: noBorders,
  }
  return [
    ...exampleNote(doc.example),
    bank,
    cell(doc.title, { fontSize: 14, bold: true }),
    { canvas: [{ type: 'line', x1: 0, y1: 4, x2: 515, y2: 4, lineWidth: 1.5 }], margin: [0, 0, 0, 8] },
    {
      table: { widths: [70, '*'], body: [[cell('Поставщик:'), cell(doc.supplier, { bold: true })], [cell('Покупатель:'), cell(doc.buyer, { bold: true })]] },
      layout: { ...noBorders, paddingBottom: () => 6 },
    },
    lines,
    totals,
    cell(doc.summary, { margin: [0, 8, 0, 0] }),
    cell(doc.inWords, { bold: true }),
    { canvas: [{ type: 'line', x1: 0, y1: 4, x2: 515, y2: 4, lineWidth: 1.5 }], margin: [0, 0, 0, 8] },
    cell(doc.paymentNote, { fontSize: 8 }),
    {
      columns: [cell('Руководитель ______________________'), cell('Бухгалтер ______________________')],
      margin: [0, 28, 0, 0],
    },
  ]
}

function packingSlip(doc: PackingSlipModel): Node[] {
  const info = [
    ['Дата заказа', doc.date],
    ['Покупатель', doc.buyer],
    ['Телефон', doc.phone],
    ['Доставка', doc.delivery],
    ['Куда', doc.destination],
    ['Оплата', doc.payment],
  ].filter(([, v]) => v)
  // A new node per row: pdfmake writes layout state into the nodes it is given.
  const box = (): Node => ({ canvas: [{ type: 'rect', x: 7, y: 1, w: 10, h: 10, lineWidth: 1, lineColor: '#000000' }] })
  return [
    cell(doc.title, { fontSize: 14, bold: true, margin: [0, 0, 0, 8] }),
    { table: { widths: [90, '*'], body: info.map(([k, v]) => [cell(k!, { color: '#555555' }), cell(v!)]) }, layout: { ...noBorders, paddingBottom: () => 3 } },
    {
      table: {
        headerRows: 1,
        widths: [18, 70, '*', 40, 30],
        body: [
          ['№', 'Артикул', 'Товар', 'Кол-во', 'Отм.'].map((h) => cell(h, { bold: true, alignment: 'center' })),
          ...doc.rows.map((r) => [
            right(String(r.n)),
            r.sku,
            { stack: [cell(r.gift ? `${r.name} (подарок)` : r.name), ...(r.properties ? [cell(r.properties, { fontSize: 8, color: '#555555' })] : [])] },
            right(String(r.quantity), { bold: true }),
            box(),
          ]),
        ],
      },
      margin: [0, 10, 0, 6],
    },
    cell(doc.count),
    cell(`Вес: ${doc.weight}`),
    ...(doc.comment ? [cell(`Комментарий покупателя: ${doc.comment}`, { margin: [0, 6, 0, 0] })] : []),
    { columns: [cell('Собрал ______________________'), cell('Проверил ______________________')], margin: [0, 28, 0, 0] },
  ]
}

/** One A4 PDF with a page (or more) per order, each order starting on a new page. */
export async function renderPrintPdf(form: PrintForm, documents: readonly PrintDocument[]): Promise<Buffer> {
  setUp()
  const ids = documents.map((d) => d.orderId)
  const definition = {
    pageSize: 'A4',
    pageMargins: [40, 36, 40, 36],
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15 },
    info: {
      title: `${PRINT_FORM_TITLES[form]}: № ${ids.join(', ')}`,
      // ASCII, so the order numbers stay readable in the file itself (the page text is compressed).
      keywords: `orders: ${ids.join(', ')}`,
      creator: 'Vitamarket',
    },
    content: documents.map((doc, i) => ({ stack: doc.form === 'invoice' ? invoice(doc) : packingSlip(doc), ...(i > 0 ? { pageBreak: 'before' } : {}) })),
  }
  return pdfmake.createPdf(definition).getBuffer()
}
