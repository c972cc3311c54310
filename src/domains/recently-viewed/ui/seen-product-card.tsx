import { Link } from '@/ui/link'
import { rublesToKopecks } from '@/lib/money'
import { Price } from '@/ui/price'
import type { SeenProduct } from '../recently-viewed'

/** Card of the recently-viewed and similar sliders, drawn from the spec's SeenProduct fields. */
export function SeenProductCard({ product }: { product: SeenProduct }) {
  const old = product.oldprice ?? product.old_price
  return (
    <article className="flex h-full flex-col rounded-2xl border border-line bg-white p-3 sm:p-4 break-words hyphens-auto" data-card="seen-product" data-product-id={product.id}>
      <Link href={product.link} className="relative block aspect-square overflow-hidden rounded-xl bg-surface" tabIndex={-1} aria-hidden="true">
        <img src={product.img} alt={product.name} loading="lazy" className="h-full w-full object-contain" />
        {product.percent_discount > 0 && (
          <span className="absolute top-0 left-0 rounded-md bg-sale-500 px-2 py-0.5 text-xs font-semibold text-white">−{product.percent_discount}%</span>
        )}
      </Link>
      <p className="mt-3 text-xs text-ink-600">{product.SECTION_NAME}</p>
      <h3 className="mt-1 line-clamp-2 text-sm leading-snug font-semibold">
        <Link href={product.link} className="hover:text-brand-600" title={product.NAME_FULL}>
          {product.name}
        </Link>
      </h3>
      {product.dom_stars > 0 && (
        <p className="mt-1 text-xs text-ink-600" aria-label={`Рейтинг ${product.dom_stars} из 5`}>
          <span className="text-accent-500" aria-hidden="true">
            {'★'.repeat(Math.round(product.dom_stars))}
            <span className="text-line">{'★'.repeat(5 - Math.round(product.dom_stars))}</span>
          </span>{' '}
          {String(product.dom_stars).replace('.', ',')}
        </p>
      )}
      <div className="mt-auto pt-3">
        <Price value={rublesToKopecks(product.price)} oldValue={old === null ? null : rublesToKopecks(old)} size="sm" />
      </div>
    </article>
  )
}
