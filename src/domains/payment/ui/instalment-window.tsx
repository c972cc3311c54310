'use client'

import { formatRub, rublesToKopecks } from '@/lib/money'
import { Modal } from '@/ui/modal'
import { INSTALMENT_FEE_NOTE, instalments } from '../instalments'

const WHEN = ['Сегодня', 'Через 2 недели', 'Через 4 недели', 'Через 6 недель'] as const

/** The 'dolyame' window: four payments of price/4 rounded up, today and in 2, 4 and 6 weeks. */
export function InstalmentWindow({ open, onClose, totalRubles }: { open: boolean; onClose: () => void; totalRubles: number }) {
  const parts = instalments(rublesToKopecks(totalRubles), new Date())
  return (
    <Modal open={open} onClose={onClose} title="Оплата долями" size="sm">
      <p className="text-sm text-ink-600">Четыре платежа по 25% — без переплат, если платить вовремя.</p>
      <ol className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="instalments">
        {parts.map((p, i) => (
          <li key={p.date} className="rounded-xl bg-surface p-3 text-center">
            <div className="text-xs text-ink-600">{WHEN[i]}</div>
            <div className="mt-1 font-semibold">{formatRub(p.amount)}</div>
            <div className="text-xs text-ink-400">{new Date(`${p.date}T12:00:00Z`).toLocaleDateString('ru-RU')}</div>
          </li>
        ))}
      </ol>
      <p className="mt-4 text-xs text-ink-600">{INSTALMENT_FEE_NOTE}</p>
    </Modal>
  )
}
