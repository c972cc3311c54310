'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { addToBasket, findLine, startVisitorStore, useVisitorState } from './cart-store'

/**
 * 'Купить' adds one unit of the offer; once the offer is in the cart the button reads 'В корзине' and
 * a click goes to /personal/cart/ (spec §4, buy button).
 */
export function BuyButton({ productId, offerId, className = '' }: { productId: number; offerId: number; className?: string }) {
  const { cart, loaded } = useVisitorState()
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const inCart = Boolean(findLine(offerId, cart))

  async function onClick() {
    if (inCart) {
      router.push('/personal/cart/')
      return
    }
    setBusy(true)
    try {
      await startVisitorStore()
      // The page-start load may have shown the offer is already in the cart.
      if (!findLine(offerId)) await addToBasket(offerId, 1)
    } finally {
      setBusy(false)
    }
  }

  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-busy={busy || !loaded}
      data-product-id={productId}
      data-offer-id={offerId}
      data-in-cart={inCart ? 'Y' : 'N'}
      className={`buy-button ${inCart ? 'buy-button-in-cart' : 'buy-button-add'} ${className}`}
    >
      {inCart ? 'В корзине' : 'Купить'}
    </button>
  )
}
