import { ProductCard } from '@/domains/catalog/ui/product-card'
import { Slider } from '@/ui/slider'
import type { ExpertTabContent, ProductTabContent } from '../showcases'
import { ExpertSlideCard } from './expert-slide'

/*
 * The content of one home-page tab. Rendered by the server for the first tab and by the browser for
 * a tab loaded when chosen (lazy-showcase-panel.tsx), so the two look the same.
 */

const DECOR_POSITION: Record<string, string> = {
  'top-left': '-top-10 -left-12',
  'top-right': '-top-10 -right-12',
  'bottom-left': '-bottom-10 -left-12',
  'bottom-right': '-bottom-10 -right-12',
}

/**
 * `priorityCards`: how many first cards are on the first screen and load their pictures at once (the
 * open tab's first 4 at 991 px and up, PRODUCT_SLIDER_LAYOUT); 0 for a tab opened later.
 */
export function ProductTabSlider({
  anchor,
  content,
  priorityCards = 0,
}: {
  anchor: string
  content: ProductTabContent
  priorityCards?: number
}) {
  return (
    <Slider label={content.title} name={`products-${anchor}`}>
      {content.products.map((p, i) => (
        <ProductCard
          key={p.id}
          product={p}
          listName={`Главная: ${content.title}`}
          index={i}
          priority={i < priorityCards}
        />
      ))}
    </Slider>
  )
}

export function ExpertTabSlider({ content }: { content: ExpertTabContent }) {
  const { title, tab } = content
  return (
    <div className="relative">
      {tab.decorations.map((d) => (
        <img
          key={d.img + d.position}
          src={d.img}
          alt=""
          aria-hidden="true"
          className={`pointer-events-none absolute hidden h-28 w-28 lg:block ${DECOR_POSITION[d.position] ?? ''}`}
        />
      ))}
      <Slider label={title} name={`sets-${tab.anchor}`}>
        {tab.slides.map((s) => (
          <ExpertSlideCard key={s.OFFER_ID + s.title} slide={s} />
        ))}
      </Slider>
    </div>
  )
}
