import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ModeStrip } from './mode-strip'

const strip = (mode: 'demo' | 'production', paymentSandbox: boolean) => renderToStaticMarkup(createElement(ModeStrip, { mode, paymentSandbox }))

describe('the mode strip above every page (ADR 152)', () => {
  it('says a demo is one, and that its payments are not real', () => {
    const html = strip('demo', true)
    expect(html).toMatch(/^<p[^>]*data-testid="mode-strip"[^>]*>Демо-режим: /)
    expect(html).toContain('деньги не списываются')
  })

  it('warns of the test payment page in production with PAYMENT_SANDBOX=1', () => {
    expect(strip('production', true)).toContain('Тестовый режим оплаты')
    expect(strip('production', true)).not.toContain('Демо-режим')
  })

  it('is absent in a production shop with real payments only', () => {
    expect(strip('production', false)).toBe('')
  })
})
