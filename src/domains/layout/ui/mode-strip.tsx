import type { ShopMode } from '@/lib/shop-mode'

/**
 * A slim line above the header of every page (ADR 152): a demo says it is one, and a production shop
 * whose payments go to the sandbox says so, so that nobody takes a test payment for a real one.
 */
export function ModeStrip({ mode, paymentSandbox }: { mode: ShopMode; paymentSandbox: boolean }) {
  const text =
    mode === 'demo'
      ? 'Демо-режим: заказы не выполняются, оплата тестовая — деньги не списываются.'
      : paymentSandbox
        ? 'Тестовый режим оплаты: деньги за оплату картой и «Долями» не списываются.'
        : null
  if (!text) return null
  return (
    <p data-testid="mode-strip" className="bg-amber-100 px-4 py-1 text-center text-xs leading-snug text-amber-900">
      {text}
    </p>
  )
}
