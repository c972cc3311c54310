'use client'

import { useState } from 'react'
import { Modal } from '@/ui/modal'
import { visiblePartners, type PartnerLink } from '../catalog'
import { PartnerLogos } from './partner-logos'

/** The partner purchase modal of a card (ALTERNATIVE_LINKS). */
export function PartnerLinksButton({ partners, productName }: { partners: readonly PartnerLink[]; productName: string }) {
  const [open, setOpen] = useState(false)
  const list = visiblePartners(partners)
  if (list.length === 0) return null
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-lg border border-brand-500 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        В аптеках
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Купить в аптеках-партнёрах">
        <p className="mb-3 text-sm text-ink-600">{productName}</p>
        <PartnerLogos partners={list} />
      </Modal>
    </>
  )
}
