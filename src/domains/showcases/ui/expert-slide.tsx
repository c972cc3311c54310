import { Link } from '@/ui/link'
import { BuyButton } from '@/domains/cart/ui/buy-button'
import { discountPercent, rublesToKopecks } from '@/lib/money'
import { Price } from '@/ui/price'
import type { ExpertSlide } from '../showcases'

/** One slide of a sets-from-experts tab: picture, set label, sticker, pack, price from the offer. */
export function ExpertSlideCard({ slide }: { slide: ExpertSlide }) {
  const price = rublesToKopecks(slide.price)
  const old = slide.oldprice === null ? null : rublesToKopecks(slide.oldprice)
  const percent = discountPercent(price, old)
  return (
    <article className="flex h-full flex-col rounded-2xl border border-line bg-white p-3 sm:p-4 break-words hyphens-auto" data-card="expert-set" data-offer-id={slide.OFFER_ID} data-set={slide.SET ? 'Y' : 'N'}>
      <Link href={slide.link} className="relative block aspect-square overflow-hidden rounded-xl bg-surface" tabIndex={-1} aria-hidden="true">
        <img
          src={slide.img}
          srcSet={slide.srcset || undefined}
          // The card's square picture box: a third of the page from 1024 px, half from 640 px.
          sizes={slide.srcset ? '(min-width: 1024px) 300px, (min-width: 640px) 45vw, 85vw' : undefined}
          alt={slide.title}
          loading="lazy"
          className="h-full w-full object-contain"
        />
        {slide.SET && <span className="absolute top-2 left-2 rounded-md bg-ink-900 px-2 py-0.5 text-xs font-semibold text-white">Набор</span>}
        {slide.DISCOUNT_PICTURE && percent > 0 && (
          <span className="absolute top-2 right-2 flex flex-col items-center">
            <img src={slide.DISCOUNT_PICTURE} alt="" className="h-14 w-14" />
            <span className="mt-0.5 rounded bg-sale-500 px-1.5 text-xs font-bold text-white">−{percent}%</span>
          </span>
        )}
      </Link>
      <div className="mt-3 flex flex-1 flex-col">
        <h3 className="text-base leading-snug font-semibold">
          <Link href={slide.link} className="hover:text-brand-600">
            {slide.title}
          </Link>
        </h3>
        {slide.subtitle && <p className="mt-1 text-sm text-ink-600">{slide.subtitle}</p>}
        {slide.pack && <p className="mt-2 text-xs text-ink-600">{slide.pack}</p>}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-3">
          <Price value={price} oldValue={old} />
          <BuyButton productId={slide.PRODUCT_ID} offerId={slide.OFFER_ID} />
        </div>
      </div>
    </article>
  )
}
