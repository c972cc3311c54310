import { Link } from '@/ui/link'
import { Slider } from '@/ui/slider'
import type { ArticleItem } from '../content.server'

export function ArticleItemCard({ item }: { item: ArticleItem }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white break-words hyphens-auto" data-card="article" data-article-id={item.ID}>
      <Link href={item.BUTTON.URL_BUTTON} tabIndex={-1} aria-hidden="true" className="block aspect-video bg-surface">
        <img src={item.IMG} alt="" loading="lazy" className="h-full w-full object-cover" />
      </Link>
      <div className="flex flex-1 flex-col p-4">
        <h3 className="line-clamp-3 font-semibold leading-snug">
          <Link href={item.BUTTON.URL_BUTTON} className="hover:text-brand-600">
            {item.NAME}
          </Link>
        </h3>
        <Link href={item.BUTTON.URL_BUTTON} className="mt-auto pt-3 text-sm font-semibold text-brand-600 hover:text-brand-700">
          {item.BUTTON.TEXT_BUTTON} →
        </Link>
      </div>
    </article>
  )
}

/** Home-page articles slider (ArticleItem: ID, NAME, IMG, BUTTON.URL_BUTTON). */
export function ArticlesSlider({ items }: { items: ArticleItem[] }) {
  return (
    <Slider label="Статьи о здоровье" name="articles">
      {items.map((item) => (
        <ArticleItemCard key={item.ID} item={item} />
      ))}
    </Slider>
  )
}
