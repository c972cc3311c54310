import { Link } from '@/ui/link'
import type { ReactNode } from 'react'
import { formatRub, rublesToKopecks } from '@/lib/money'
import { BuyButton } from '@/domains/cart/ui/buy-button'
import { Slider, type SliderLayout } from '@/ui/slider'
import { reviewsLink, type ProductLanding, type ResolvedBlock } from '../landings'
import { SingleAccordion } from './accordion'
import { LandingPrices } from './landing-prices'
import { LandingProductsSlider } from './landing-products-slider'
import { NutritionistBlock } from './nutritionist-block'
import { VideoPoster } from './video-poster'

const REVIEWS_LAYOUT: SliderLayout = { base: { perView: 1, gap: 12 }, steps: [{ minWidth: 768, perView: 2, gap: 16 }, { minWidth: 992, perView: 3, gap: 20 }] }
const ARTICLES_LAYOUT: SliderLayout = { base: { perView: 1, gap: 12 }, steps: [{ minWidth: 768, perView: 2, gap: 20 }] }

const img = (src: string, alt: string, className: string) => (
  <img src={src} alt={alt} className={className} loading="lazy" />
)

function Section({ type, children, className = '' }: { type: string; children: ReactNode; className?: string }) {
  return (
    <section data-block={type} className={`container-page py-8 sm:py-12 ${className}`}>
      {children}
    </section>
  )
}

const H2 = ({ children }: { children: ReactNode }) => (children ? <h2 className="mb-6 text-2xl font-bold sm:text-3xl">{children}</h2> : null)

/** A product landing: the typed blocks of its data in order (spec, 'Product landing page'). */
export function ProductLandingView({ landing }: { landing: ProductLanding }) {
  const product = landing.product
  const sliderIds = landing.blocks.flatMap((b) => ('products' in b ? b.products.map((p) => p.id) : []))
  return (
    <LandingPrices productIds={sliderIds}>
      <div data-landing={landing.code}>
        {landing.blocks.map((block, i) => (
          <Block key={i} block={block} landing={landing} />
        ))}
        {!product && <p className="container-page py-4 text-ink-600">Товар временно недоступен.</p>}
      </div>
    </LandingPrices>
  )
}

function Block({ block, landing }: { block: ResolvedBlock; landing: ProductLanding }) {
  const product = landing.product
  switch (block.type) {
    case 'hero':
      return (
        <section data-block="hero" style={{ backgroundColor: block.color }}>
          <div className="container-page grid items-center gap-6 py-10 md:grid-cols-2 md:py-16">
            <div>
              {product && <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{product.line || product.categoryName}</p>}
              <h1 className="mt-2 text-3xl font-bold sm:text-5xl">{block.title}</h1>
              <p className="mt-4 max-w-xl text-lg text-ink-600">{block.description}</p>
              {product && (
                <div className="mt-6 flex flex-wrap items-center gap-4">
                  <span className="text-2xl font-bold" data-hero-price>
                    {typeof product.price === 'number' ? formatRub(rublesToKopecks(product.price)) : '-'}
                  </span>
                  {typeof product.price === 'number' && product.offerId !== null && <BuyButton productId={product.id} offerId={product.offerId} />}
                  <Link href={product.url} className="font-semibold text-brand-700 hover:underline">
                    Подробнее о товаре
                  </Link>
                </div>
              )}
            </div>
            {img(block.image, block.title, 'mx-auto w-full max-w-md')}
          </div>
        </section>
      )
    case 'sliding-text':
      return (
        <section data-block="sliding-text" className="overflow-hidden border-y border-line bg-brand-500 py-3 text-white">
          <style href="landing-marquee" precedence="default">
            {'@keyframes landing-marquee{to{transform:translateX(-50%)}}.landing-marquee{animation:landing-marquee 30s linear infinite}@media (prefers-reduced-motion:reduce){.landing-marquee{animation:none}}'}
          </style>
          <div className="landing-marquee flex w-max gap-10 whitespace-nowrap text-lg font-semibold">
            {[...block.lines, ...block.lines].map((line, i) => (
              <span key={i} aria-hidden={i >= block.lines.length}>
                {line} •
              </span>
            ))}
          </div>
        </section>
      )
    case 'illustrated-blocks':
      return (
        <Section type="illustrated-blocks">
          <H2>{block.title}</H2>
          <div className="grid gap-6 sm:grid-cols-2 md:grid-cols-3">
            {block.items.map((item) => (
              <div key={item.title} className="rounded-2xl bg-surface p-4">
                {img(item.image, item.title, 'w-full rounded-xl')}
                <h3 className="mt-3 text-lg font-semibold">{item.title}</h3>
                <p className="mt-1 text-ink-600">{item.description}</p>
              </div>
            ))}
          </div>
        </Section>
      )
    case 'icons':
      return (
        <Section type="icons">
          <H2>{block.title}</H2>
          <ul className="grid grid-cols-2 gap-6 md:grid-cols-4">
            {block.icons.map((icon) => (
              <li key={icon.title} className="flex flex-col items-center text-center">
                {img(icon.image, '', 'h-16 w-16')}
                <span className="mt-3 font-medium">{icon.title}</span>
              </li>
            ))}
          </ul>
        </Section>
      )
    case 'tri-block':
      return (
        <Section type="tri-block">
          <H2>{block.title}</H2>
          <div className="grid gap-4 md:grid-cols-3">
            {block.items.map((item) => (
              <div key={item.title} className="flex items-start gap-4 rounded-2xl border border-line p-5">
                {img(item.image, '', 'h-14 w-14 shrink-0')}
                <div>
                  <h3 className="text-xl font-bold text-brand-700">{item.title}</h3>
                  <p className="mt-1 text-ink-600">{item.description}</p>
                </div>
              </div>
            ))}
          </div>
        </Section>
      )
    case 'text-product':
      return (
        <Section type="text-product" className="grid items-center gap-6 md:grid-cols-2">
          {img(block.image, block.title, 'mx-auto w-full max-w-sm')}
          <div>
            <H2>{block.title}</H2>
            <p className="text-lg text-ink-600">{block.description}</p>
            {product && typeof product.price === 'number' && product.offerId !== null && (
              <div className="mt-6">
                <BuyButton productId={product.id} offerId={product.offerId} />
              </div>
            )}
          </div>
        </Section>
      )
    case 'video':
      return (
        <Section type="video">
          <H2>{block.title}</H2>
          <div className="grid gap-6 md:grid-cols-[2fr_1fr] md:items-center">
            <VideoPoster poster={block.video_preview_img} title={block.title} src={block.video} />
            <p className="text-ink-600">{block.description_video}</p>
          </div>
        </Section>
      )
    case 'expert':
      return (
        <Section type="expert">
          <figure className="grid items-center gap-6 rounded-3xl bg-surface p-6 sm:grid-cols-[200px_1fr] sm:p-10">
            {img(block.image, block.name, 'mx-auto h-40 w-40 rounded-full sm:h-48 sm:w-48')}
            <div>
              <blockquote className="text-lg leading-relaxed">«{block.description}»</blockquote>
              <figcaption className="mt-4">
                <span className="font-bold">{block.name}</span>
                <span className="block text-sm text-ink-600">{block.title}</span>
              </figcaption>
            </div>
          </figure>
        </Section>
      )
    case 'products-slider':
    case 'products-slider-centered':
      return <LandingProductsSlider title={block.title} products={block.products} centered={block.type === 'products-slider-centered'} />
    case 'gmp':
      return (
        <Section type="gmp" className="grid items-center gap-6 sm:grid-cols-[160px_1fr]">
          {img(block.image, 'GMP', 'mx-auto h-32 w-32 sm:h-40 sm:w-40')}
          <div>
            <H2>{block.title}</H2>
            <p className="text-ink-600">{block.description}</p>
          </div>
        </Section>
      )
    case 'reviews':
      return (
        <Section type="reviews">
          <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-2xl font-bold sm:text-3xl">{block.title}</h2>
            {product && (
              <Link href={reviewsLink(product.url)} className="font-semibold text-brand-700 hover:underline" data-reviews-all>
                Смотреть все
              </Link>
            )}
          </div>
          <Slider label={block.title} layout={REVIEWS_LAYOUT} name="landing-reviews">
            {block.reviews.map((r) => (
              <blockquote key={`${r.name}-${r.date}`} className="flex h-full flex-col rounded-2xl border border-line bg-white p-5 break-words hyphens-auto" data-card="review">
                <span className="text-accent-500" aria-label={`Оценка ${r.rate} из 5`}>
                  {'★'.repeat(r.rate)}
                  <span className="text-line">{'★'.repeat(5 - r.rate)}</span>
                </span>
                <p className="mt-3 flex-1 text-ink-600">{r.description}</p>
                <footer className="mt-4 text-sm">
                  <b>{r.name}</b> <span className="text-ink-400">{r.date}</span>
                </footer>
              </blockquote>
            ))}
          </Slider>
        </Section>
      )
    case 'articles':
      return (
        <Section type="articles">
          <H2>{block.title}</H2>
          <Slider label={block.title} layout={ARTICLES_LAYOUT} name="landing-articles">
            {block.articles.map((a) => (
              <Link key={a.link} href={a.link} className="group block">
                {img(a.image, '', 'aspect-[4/3] w-full rounded-2xl object-cover')}
                <span className="mt-3 block font-semibold group-hover:text-brand-600">{a.title}</span>
              </Link>
            ))}
          </Slider>
        </Section>
      )
    case 'nutrition-form':
      return (
        <Section type="nutrition-form">
          <NutritionistBlock title={block.title} productId={product?.id ?? null} productName={product?.name ?? ''} />
        </Section>
      )
    case 'appendix':
      return (
        <Section type="appendix" className="text-sm text-ink-400">
          {block.title && <h2 className="mb-2 font-semibold">{block.title}</h2>}
          <p>{block.text}</p>
        </Section>
      )
    default:
      // about-{product}: three accordions, one open at a time.
      return (
        <Section type={block.type}>
          <H2>{block.title}</H2>
          <SingleAccordion items={block.items} initiallyOpen={0} name={block.type} />
        </Section>
      )
  }
}
