'use client'

import { Link } from '@/ui/link'
import { useEffect, useState, type ReactNode } from 'react'
import { addToBasket, findLine, startVisitorStore, useVisitorState } from '@/domains/cart/ui/cart-store'
import { countOf, WORDS } from '@/lib/plural'
import { Price } from '@/ui/price'
import { QuantityStepper } from '@/ui/quantity-stepper'
import { Tabs, type TabItem } from '@/ui/tabs'
import { CART_URL, showsInlineRating, type ProductPageData } from '../catalog'
import { trackViewItem } from '../analytics'
import { isRichText } from '../product-text'
import { OfferSwitcher } from './offer-switcher'
import { ProductGallery } from './product-gallery'
import { StarRating } from './star-rating'
import { WhereToBuy } from './where-to-buy'

/** The product tabs' codes and anchors (spec: Product tabs). */
export const PRODUCT_TABS = [
  { code: '0', anchor: 'description', title: 'Описание' },
  { code: '1', anchor: 'composition', title: 'Состав' },
  { code: '2', anchor: 'how-to-use', title: 'Способ применения' },
  { code: '3', anchor: 'instruction', title: 'Инструкция' },
  { code: '4', anchor: 'reviews', title: 'Отзывы' },
  { code: '5', anchor: 'articles', title: 'Статьи' },
] as const

function Text({ children }: { children: string }) {
  // Rich text from the editor, sanitised on write and again when the page data is loaded (ADR 178).
  if (isRichText(children)) return <div className="max-w-3xl space-y-3 leading-relaxed text-ink-900 [&_h2]:mt-6 [&_h2]:text-lg [&_h2]:font-bold [&_h3]:font-semibold [&_a]:text-brand-600 [&_a]:underline [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6" dangerouslySetInnerHTML={{ __html: children }} />
  return (
    <div className="max-w-3xl space-y-3 leading-relaxed text-ink-900">
      {children.split(/\n{2,}/).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  )
}

/**
 * Gallery, offer switchers, price, quantity and add to cart, then the page-level switcher
 * ('О товаре' #about / 'Где купить' #where-to-buy) with the product tabs inside.
 */
/** reviewsTotal: published reviews, for the reviews tab title (the rating count also holds marks without text). */
export function ProductMain({
  page,
  relatedIds,
  reviews,
  reviewsTotal,
  articles,
  ingredients,
  tilesUrl,
}: {
  /** Without the similar products: the page renders their cards itself, this needs only their ids (ADR 213). */
  page: Omit<ProductPageData, 'similar'>
  /** The similar products' ids, for the pharmacy finder's selector. */
  relatedIds: readonly number[]
  reviews: ReactNode
  reviewsTotal: number
  articles?: ReactNode
  /** The composition's way back to the encyclopedia (ADR 072). */
  ingredients?: ReactNode
  /** Map tiles for the partner map popup (env MAP_TILES_URL). */
  tilesUrl: string
}) {
  const p = page.card
  const [offerId, setOfferId] = useState(p.offers[0]?.id)
  const [quantity, setQuantity] = useState(1)
  const offer = p.offers.find((o) => o.id === offerId) ?? p.offers[0]

  useEffect(() => {
    if (p.offers[0]) trackViewItem(p, p.offers[0])
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one view_item per product page: `p` is a new object after any refresh, `p.id` changes only with the product
  }, [p.id])

  if (!offer) return null

  const tabs: TabItem[] = [
    { ...PRODUCT_TABS[0], content: <Text>{page.description}</Text> },
    {
      ...PRODUCT_TABS[1],
      content: (
        <div>
          <Text>{page.composition}</Text>
          {ingredients}
        </div>
      ),
    },
    { ...PRODUCT_TABS[2], content: <Text>{page.howToUse}</Text> },
    {
      ...PRODUCT_TABS[3],
      content: (
        <div>
          <Text>{page.instruction}</Text>
          {page.properties.length > 0 && (
            <dl className="mt-4 grid max-w-3xl grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              {page.properties.map((prop) => (
                <div key={prop.name} className="contents">
                  <dt className="text-ink-600">{prop.name}</dt>
                  <dd>{prop.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      ),
    },
    { ...PRODUCT_TABS[4], quantity: reviewsTotal, content: reviews },
    ...(articles ? [{ ...PRODUCT_TABS[5], content: articles }] : []),
  ]

  const switcher: TabItem[] = [
    {
      code: '1',
      anchor: 'about',
      title: 'О товаре',
      alsoFor: PRODUCT_TABS.map((t) => t.anchor),
      content: <Tabs items={tabs} label="О товаре" />,
    },
    {
      code: 'wtb',
      anchor: 'where-to-buy',
      title: 'Где купить',
      content: <WhereToBuy partners={page.partners} productId={p.id} relatedIds={relatedIds} tilesUrl={tilesUrl} />,
    },
  ]

  return (
    <>
      <div className="grid gap-6 md:grid-cols-2 lg:gap-10">
        <ProductGallery
          productId={p.id}
          slides={page.images.map((i) => ({ id: i.id, src: i.url, thumb: i.thumb, srcset: i.srcset, card: i.card, alt: i.alt || p.name }))}
          focusSrc={offer.picture}
          badges={page.badges}
          discountPercent={offer.discountPercent}
          isDrug={p.isDrug}
          isImportReplace={p.isImportReplace}
          brand={{ link: page.brand.url, text: page.brand.name, nofollow: page.brand.nofollow }}
        />
        <div className="flex flex-col gap-4" data-product-buy data-offer-id={offer.id}>
          {p.line && <p className="text-sm uppercase tracking-wide text-ink-400">{p.line}</p>}
          <h1 className="text-2xl font-bold leading-tight sm:text-3xl">{p.name}</h1>
          {p.subTitle && <p className="text-ink-600">{p.subTitle}</p>}
          {showsInlineRating(p.rating, p.ratesCount) && (
            <StarRating rating={p.rating} count={p.ratesCount} href="#reviews" />
          )}
          <OfferSwitcher
            offers={p.offers}
            active={offer}
            onChange={(o) => {
              setOfferId(o.id)
              setQuantity(1)
            }}
          />
          <Price value={offer.price} oldValue={offer.oldPrice} size="lg" />
          <BuyButtons offer={offer} quantity={quantity} onQuantity={setQuantity} />
          <a href="#where-to-buy" className="text-sm font-semibold text-brand-700 hover:underline">
            Купить в аптеках-партнёрах
          </a>
        </div>
      </div>
      <div className="mt-10">
        <Tabs items={switcher} label="Товар" variant="pill" />
      </div>
    </>
  )
}

/**
 * The buy button and the «in the basket» line: the only part of the product's block that reads the
 * visitor's basket, so the basket's answer at page start re-renders these few elements and not the
 * gallery and the tabs (ADR 217).
 */
function BuyButtons({
  offer,
  quantity,
  onQuantity,
}: {
  offer: ProductPageData['card']['offers'][number]
  quantity: number
  onQuantity: (quantity: number) => void
}) {
  const [busy, setBusy] = useState(false)
  const { cart } = useVisitorState()
  const line = findLine(offer.id, cart)

  const add = async () => {
    setBusy(true)
    try {
      await startVisitorStore()
      await addToBasket(offer.id, quantity)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      {offer.inStock ? (
        // The spec's buy button: 'Купить' with the stepper's quantity, then 'В корзине', which leads to the cart.
        <div className="flex flex-wrap items-center gap-3">
          {line ? (
            <Link
              href={CART_URL}
              className="inline-flex h-11 flex-1 items-center justify-center rounded-lg border-2 border-brand-500 px-6 font-semibold text-brand-700 hover:bg-brand-50 sm:flex-none"
              data-add-to-cart
            >
              В корзине
            </Link>
          ) : (
            <>
              <QuantityStepper value={quantity} max={offer.maxQuantity} onChange={onQuantity} size="lg" />
              <button
                type="button"
                onClick={add}
                disabled={busy}
                className="h-11 flex-1 rounded-lg bg-brand-500 px-6 font-semibold text-white hover:bg-brand-600 disabled:opacity-60 sm:flex-none"
                data-add-to-cart
              >
                Купить
              </button>
            </>
          )}
        </div>
      ) : (
        <p className="font-semibold text-ink-400">Нет в наличии</p>
      )}
      {line && (
        <p className="text-sm" data-in-cart>
          В корзине {countOf(line.quantity, WORDS.package)}.
        </p>
      )}
    </>
  )
}
