import { Link } from '@/ui/link'
import type { ReactNode } from 'react'
import { NEWS_SLIDER_LAYOUT, Slider } from '@/ui/slider'
import { formatDate } from '../content'
import type { NewsCard } from '../content.server'
import { DraftBadge } from './preview-banner'

export const ALL_NEWS_URL = '/news/'

export function NewsCardView({ item, headingLevel = 3 }: { item: NewsCard; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white break-words hyphens-auto" data-card="news">
      <Link href={`/news/${item.code}/`} tabIndex={-1} aria-hidden="true" className="block aspect-video bg-surface">
        <img src={item.picture} alt="" loading="lazy" className="h-full w-full object-cover" />
      </Link>
      <div className="flex flex-1 flex-col p-4">
        <span className="flex flex-wrap items-center gap-2">
          <time dateTime={item.publishedAt} className="text-xs text-ink-600">
            {formatDate(item.publishedAt)}
          </time>
          <DraftBadge mark={item.mark} />
        </span>
        <Heading className="mt-1 font-semibold leading-snug">
          <Link href={`/news/${item.code}/`} className="hover:text-brand-600">
            {item.name}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 text-sm text-ink-600">{item.previewText}</p>
      </div>
    </article>
  )
}

/** The news block with its 'Все новости' link, around a slider of news cards. */
export function NewsSection({ children }: { children: ReactNode }) {
  return (
    <section className="mt-12" data-block="news">
      <div className="mb-4 flex items-baseline justify-between gap-4">
        <h2 className="text-2xl font-bold">Новости</h2>
        <Link href={ALL_NEWS_URL} className="text-sm font-semibold text-brand-600 hover:text-brand-700">
          Все новости
        </Link>
      </div>
      {children}
    </section>
  )
}

/** News preview: 1 per view on phones, 2 from 568 px, 3 from 1200 px. */
export function NewsCardsSlider({ items }: { items: NewsCard[] }) {
  return (
    <Slider label="Новости" name="news" layout={NEWS_SLIDER_LAYOUT}>
      {items.map((n) => (
        <NewsCardView key={n.code} item={n} />
      ))}
    </Slider>
  )
}

export function NewsSlider({ items }: { items: NewsCard[] }) {
  return (
    <NewsSection>
      <NewsCardsSlider items={items} />
    </NewsSection>
  )
}
