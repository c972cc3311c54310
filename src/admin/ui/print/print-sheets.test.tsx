import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { invoiceModel, packingSlipModel, type PrintOrder } from '@/domains/documents/print-forms'
import { EXAMPLE_SHOP_DETAILS } from '@/domains/layout/shop'
import { PrintSheets } from './print-sheets'

const order = (id: number): PrintOrder => ({
  id,
  createdAt: new Date('2026-11-25T09:00:00Z'),
  buyerName: 'Пётр Сидоров',
  email: 'petr@example.ru',
  phone: '+7 921 555-44-33',
  comment: '',
  props: {},
  deliveryName: 'Курьер',
  locationName: 'Москва',
  address: 'ул. Ленина, д. 1',
  paySystemName: 'Картой онлайн',
  couponCode: null,
  goodsPrice: 125_000,
  deliveryPrice: 0,
  total: 125_000,
  weightGrams: 300,
  lines: [{ name: 'Омега-3', sku: 'OM-60', properties: { 'Фасовка': '60 капсул' }, quantity: 2, price: 62_500, sum: 125_000, weightGrams: 150, vatPercent: 0, gift: false }],
})

const shop = { ...EXAMPLE_SHOP_DETAILS, example: true }

describe('PrintSheets', () => {
  it('draws one sheet per order, with the invoice heading, the sum in words and the example note', () => {
    const html = renderToStaticMarkup(<PrintSheets form="invoice" ids={[7, 8]} documents={[invoiceModel(order(7), shop), invoiceModel(order(8), shop)]} />)
    expect(html.match(/class="print-sheet /g)).toHaveLength(2)
    expect(html).toContain('Счёт на оплату № 7 от 25 ноября 2026 г.')
    expect(html).toContain('Одна тысяча двести пятьдесят рублей 00 копеек')
    expect(html).toContain(`БИК</td><td class="border border-black px-1.5 py-1 align-top w-48">${shop.bik}`)
    expect(html).toContain('data-example-note')
    expect(html).toContain('href="/api/admin/orders/print/?ids=7,8&amp;form=invoice"')
    // next/link outside the router drops the trailing slash; the app adds it back (trailingSlash).
    expect(html).toMatch(/href="\/admin\/orders\/print\/?\?ids=7,8&amp;form=packing"/)
  })

  it('hides the back-office frame and the toolbar on paper and breaks the page after each order', () => {
    const html = renderToStaticMarkup(<PrintSheets form="packing" ids={[7]} documents={[packingSlipModel(order(7))]} />)
    expect(html).toContain('@media print')
    expect(html).toMatch(/aside, div:has\(&gt; #main\) &gt; :not\(#main\), \[data-print-hide\] \{ display: none !important; \}|aside, div:has\(> #main\) > :not\(#main\), \[data-print-hide\] \{ display: none !important; \}/)
    expect(html).toContain('break-after: page')
    expect(html).toContain('Упаковочный лист к заказу № 7')
    expect(html).toContain('OM-60')
    expect(html).toContain('Фасовка: 60 капсул')
  })
})
