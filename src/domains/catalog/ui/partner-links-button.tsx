'use client'

import { useState } from 'react'
import { Modal } from '@/ui/modal'
import { visiblePartners, type PartnerLink } from '../catalog'
import { PartnerLogos } from './partner-logos'

/** Where a card's partner links come from when the page did not send them (ADR 213). */
export const partnerLinksUrl = (productId: number) => `/showcase/partner-links/${productId}/`

/**
 * The partner purchase modal of a card (ALTERNATIVE_LINKS). Cards of the first page come without their
 * links (`partners` absent): they are asked for on the click; cards added by 'ПОКАЗАТЬ ЕЩЁ' have them
 * from the JSON.
 */
export function PartnerLinksButton({
  productId,
  partners,
  productName,
}: {
  productId: number
  partners?: readonly PartnerLink[]
  productName: string
}) {
  const [open, setOpen] = useState(false)
  const [loaded, setLoaded] = useState<readonly PartnerLink[] | null>(partners ?? null)
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle')
  const list = loaded ? visiblePartners(loaded) : null
  if (list && list.length === 0) return null

  const show = async () => {
    setOpen(true)
    if (loaded || state === 'loading') return
    setState('loading')
    try {
      const res = await fetch(partnerLinksUrl(productId), { headers: { accept: 'application/json' } })
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      setLoaded((await res.json()) as PartnerLink[])
      setState('idle')
    } catch {
      setState('failed')
    }
  }

  return (
    <>
      <button type="button" onClick={() => void show()} aria-busy={state === 'loading'} className="partner-button">
        В аптеках
      </button>
      {/* Mounted on the click: an empty <dialog> in every card was HTML and hydration for nothing (ADR 213). */}
      {open && (
        <Modal open onClose={() => setOpen(false)} title="Купить в аптеках-партнёрах">
          <p className="mb-3 text-sm text-ink-600">{productName}</p>
          {list ? (
            <PartnerLogos partners={list} />
          ) : state === 'failed' ? (
            <p className="text-ink-600">
              Не удалось загрузить.{' '}
              <button type="button" className="font-semibold text-brand-600 underline" onClick={() => void show()}>
                Повторить
              </button>
            </p>
          ) : (
            <p className="text-ink-600" role="status">
              Загружаем аптеки…
            </p>
          )}
        </Modal>
      )}
    </>
  )
}
