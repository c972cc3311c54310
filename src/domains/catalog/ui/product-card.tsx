'use client'

import { Link } from '@/ui/link'
import { useState } from 'react'
import { BuyButton } from '@/domains/cart/ui/buy-button'
import { FavoriteButton } from '@/domains/favorites/ui/favorite-button'
import { Price } from '@/ui/price'
import { IMPORT_SECTION_CODE, showsInlineRating, type CardView, type PartnerLink } from '../catalog'
import { trackSelectItem } from '../analytics'
import { OfferSwitcher } from './offer-switcher'
import { PartnerLinksButton } from './partner-links-button'
import { StarRating } from './star-rating'
import { ImportLogo } from './import-logo'

/** The catalogue card: the active offer drives picture, price, old price and the buy button. */
export function ProductCard({
  product,
  listName = 'Каталог',
  index,
  partners,
  hasPartners = false,
  priority = false,
}: {
  product: CardView
  listName?: string
  index?: number
  /**
   * The card is on the first screen (the first row of a list, the first slides of a slider): its
   * picture loads at once with high priority, as it is likely the page's LCP. Every other card: lazy.
   */
  priority?: boolean
  /** ALTERNATIVE_LINKS: when given, a button opens the partner purchase modal. */
  partners?: readonly PartnerLink[]
  /** The product has partner links the page did not send: the button asks for them on the click. */
  hasPartners?: boolean
}) {
  const [activeId, setActiveId] = useState(product.offers[0]?.id)
  const offer = product.offers.find((o) => o.id === activeId) ?? product.offers[0]
  if (!offer) return null
  const select = () => trackSelectItem(product, offer, listName, index)
  return (
    <article
      className="group product-card"
      data-card="product"
      data-product-id={product.id}
      data-offer-id={offer.id}
    >
      <div className="relative">
        <Link href={product.url} onClick={select} className="card-picture" tabIndex={-1}>
          <img
            src={offer.picture}
            srcSet={offer.srcset || undefined}
            // Cards are about 240 px wide in three columns on wide screens, half the width on phones.
            sizes={offer.srcset ? '(min-width: 992px) 240px, 50vw' : undefined}
            alt={product.name}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            className="card-img"
            data-card-picture
          />
        </Link>
        <div className="card-badges">
          {product.isHit && <span className="card-badge bg-accent-500">Хит</span>}
          {product.isNew && <span className="card-badge bg-brand-500">Новинка</span>}
          {offer.discountPercent > 0 && (
            <span className="card-badge bg-sale-500" data-discount>
              −{offer.discountPercent}%
            </span>
          )}
        </div>
        <FavoriteButton productId={product.id} className="absolute right-0 top-0" />
        {product.isImportReplace && (
          <Link
            href={`/catalog/${IMPORT_SECTION_CODE}/`}
            className="card-import"
            title="Импортозамещение"
          >
            <ImportLogo />
          </Link>
        )}
      </div>
      <div className="card-body">
        {product.line && <p className="card-line">{product.line}</p>}
        <h3 className="card-title">
          <Link href={product.url} onClick={select} className="hover:text-brand-600">
            {product.name}
          </Link>
        </h3>
        {product.subTitle && <p className="card-subtitle">{product.subTitle}</p>}
        {showsInlineRating(product.rating, product.ratesCount) && (
          <StarRating rating={product.rating} count={product.ratesCount} />
        )}
        <div className="mt-auto pt-2">
          <OfferSwitcher offers={product.offers} active={offer} onChange={(o) => setActiveId(o.id)} compact />
        </div>
        <Price value={offer.price} oldValue={offer.oldPrice} className="mt-1" />
        <div className="card-buy">
          <BuyButton productId={product.id} offerId={offer.id} className="flex-1" />
          {partners && partners.length > 0 ? (
            <PartnerLinksButton productId={product.id} partners={partners} productName={product.name} />
          ) : (
            hasPartners && <PartnerLinksButton productId={product.id} productName={product.name} />
          )}
        </div>
      </div>
    </article>
  )
}
