'use client'

import { useEffect, useState } from 'react'
import { BuyButton } from '@/domains/cart/ui/buy-button'
import type { OfferCardData } from '@/domains/catalog/catalog.server'
import { OfferSwitcher } from '@/domains/catalog/ui/offer-switcher'
import { rublesToKopecks } from '@/lib/money'
import { Modal } from '@/ui/modal'
import { Price } from '@/ui/price'
import type { ProductModalAnswer } from '../landings.server'

type ModalProduct = ProductModalAnswer['product']
type SwitchOffer = OfferCardData & { wire: ModalProduct['offers'][number] }

function toSwitchOffers(product: ModalProduct): SwitchOffer[] {
  return product.offers.map((o) => ({
    id: o.offerId,
    packageSize: o.offProp.size.id,
    packageUnit: o.offProp.size.value.replace(/^\d+\s*/, ''),
    flavour: o.offProp.tasty?.value ?? null,
    price: rublesToKopecks(o.price.current),
    oldPrice: o.price.old === null ? null : rublesToKopecks(o.price.old),
    discountPercent: 0,
    picture: o.img,
    inStock: o.inStock,
    maxQuantity: o.maxQuantity,
    wire: o,
  }))
}

/**
 * The product modal (meal plan block 8, programme product details): opens when the id is above 0,
 * fetches GET /ajax/turboslim/product-modal/{id}, and closes when the id is cleared. A failed fetch is
 * logged and the modal stays closed (spec §8).
 */
export function ProductModal({ productId, onClose }: { productId: number; onClose: () => void }) {
  const [product, setProduct] = useState<ModalProduct | null>(null)
  const [offerId, setOfferId] = useState<number | null>(null)
  const [showInfo, setShowInfo] = useState(false)

  useEffect(() => {
    if (productId <= 0) return
    const controller = new AbortController()
    fetch(`/ajax/turboslim/product-modal/${productId}/`, { signal: controller.signal, credentials: 'same-origin' })
      .then(async (res) => {
        if (!res.ok) throw new Error(`product-modal ${res.status}`)
        const data = (await res.json()) as ProductModalAnswer
        setProduct(data.product)
        setOfferId(data.product.offerId)
        setShowInfo(false)
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        console.warn('product modal failed', error)
        onClose()
      })
    return () => {
      controller.abort()
      setProduct(null)
    }
  }, [productId, onClose])

  const offers = product ? toSwitchOffers(product) : []
  const active = offers.find((o) => o.id === offerId) ?? offers[0]
  return (
    <Modal open={productId > 0 && product !== null} onClose={onClose} title={product?.name ?? ''} size="lg">
      {product && active && (
        <div className="grid gap-6 sm:grid-cols-2" data-product-modal={product.id}>
          <div className="flex items-center justify-center rounded-2xl p-4" style={{ backgroundColor: product.color }}>
            <img src={active.picture || product.productImg} alt={product.name} className="max-h-72 w-full object-contain" />
          </div>
          <div className="flex flex-col gap-4">
            <ul className="flex flex-wrap gap-2 text-xs text-ink-600">
              {product.list.map((item) => (
                <li key={item.icon} className="rounded-full bg-surface px-3 py-1">
                  {item.text}
                </li>
              ))}
            </ul>
            <OfferSwitcher offers={offers} active={active} onChange={(o) => setOfferId(o.id)} />
            <Price value={active.price} oldValue={active.oldPrice} size="lg" />
            {active.inStock ? (
              <BuyButton productId={product.id} offerId={active.id} className="self-start" />
            ) : (
              <p className="text-sm font-semibold text-ink-400">Нет в наличии</p>
            )}
            <button type="button" onClick={() => setShowInfo((v) => !v)} aria-expanded={showInfo} className="self-start font-semibold text-brand-700 hover:underline">
              {showInfo ? 'Скрыть состав' : 'Состав и описание'}
            </button>
            {showInfo && (
              <div className="space-y-3 text-sm text-ink-600" data-product-info>
                {product.info.map((i) => (
                  <div key={i.title}>
                    <h3 className="font-semibold text-ink-900">{i.title}</h3>
                    <p className="whitespace-pre-line">{i.text}</p>
                  </div>
                ))}
              </div>
            )}
            <a href={product.instructionLink} className="text-sm text-ink-600 underline hover:text-brand-600">
              Инструкция по применению
            </a>
          </div>
        </div>
      )}
    </Modal>
  )
}
