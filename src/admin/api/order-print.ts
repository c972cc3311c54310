import { printQuery } from '@/domains/documents/print-forms.schema'
import { PRINT_FORM_TITLES } from '@/domains/documents/print-forms'
import { printDocuments } from '@/domains/documents/print-forms.server'
import { renderPrintPdf } from '@/domains/documents/print-pdf.server'
import { endpoint } from '../endpoint'

/** A file the browser saves or opens, its Russian name kept through RFC 5987. */
function pdfFile(name: string, bytes: Buffer): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(name)}`,
      'cache-control': 'no-store',
    },
  })
}

/**
 * The print forms as a PDF (ADR 163). The endpoint type knows JSON and CSV answers only, so the PDF is
 * a Response from handle, and the document describes it by a string schema with a note.
 */
export const printOrdersEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/orders/print',
  permission: 'orders.read',
  summary: 'Печатные формы заказов в PDF: счёт на оплату (form=invoice) или упаковочный лист (form=packing), по заказу на страницу',
  tag: 'Заказы',
  query: printQuery,
  response: 'pdf',
  handle: async ({ query }) => {
    const documents = await printDocuments(query)
    const name = `${PRINT_FORM_TITLES[query.form]} ${query.ids.length === 1 ? `№ ${query.ids[0]}` : `(${query.ids.length})`}.pdf`
    return pdfFile(name, await renderPrintPdf(query.form, documents))
  },
})

export const orderPrintEndpoints = [printOrdersEndpoint]
