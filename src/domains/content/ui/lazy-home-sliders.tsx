'use client'

import { NearScreenPlaceholder } from '@/ui/near-screen-placeholder'
import { useNearScreenJson } from '@/ui/use-near-screen-json'
import type { ArticleItem, NewsCard } from '../content.server'
import { ArticlesSlider } from './article-cards'
import { NewsCardsSlider } from './news-cards'

/** The home page's articles and news, far down the page: loaded when they near the screen (ADR 191). */

export const HOME_ARTICLES_URL = '/showcase/articles/'
export const HOME_NEWS_URL = '/showcase/news/'

export function LazyArticlesSlider() {
  const { ref, data, failed, retry } = useNearScreenJson<ArticleItem[]>(HOME_ARTICLES_URL)
  return data ? (
    <ArticlesSlider items={data} />
  ) : (
    <NearScreenPlaceholder placeholderRef={ref} failed={failed} retry={retry} />
  )
}

export function LazyNewsSlider() {
  const { ref, data, failed, retry } = useNearScreenJson<NewsCard[]>(HOME_NEWS_URL)
  return data ? (
    <NewsCardsSlider items={data} />
  ) : (
    <NearScreenPlaceholder placeholderRef={ref} failed={failed} retry={retry} className="min-h-72" />
  )
}
