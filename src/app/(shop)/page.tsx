import { Link } from '@/ui/link'
import { connection } from 'next/server'
import { LazyArticlesSlider, LazyNewsSlider } from '@/domains/content/ui/lazy-home-sliders'
import { NewsSection } from '@/domains/content/ui/news-cards'
import { RecentlyViewed } from '@/domains/recently-viewed/ui/recently-viewed'
import { homePageData, homePurposes } from '@/domains/showcases/showcases.server'
import { AnchorTabs } from '@/domains/showcases/ui/anchor-tabs'
import { DistributorsList } from '@/domains/showcases/ui/distributors-list'
import { FeaturedSlider } from '@/domains/showcases/ui/featured-slider'
import { LazyExpertTab, LazyProductTab } from '@/domains/showcases/ui/lazy-showcase-panel'
import { LightLine } from '@/domains/showcases/ui/light-line'
import { ProductTabSlider } from '@/domains/showcases/ui/showcase-panels'
import { SocialFeed } from '@/domains/showcases/ui/social-feed'

/**
 * The popular-products slider shows 4 cards from 991 px (PRODUCT_SLIDER_LAYOUT; a 1440 px desktop sees
 * them under the featured slide) and 1 on a phone: the first tab's first 4 pictures load at once. A
 * literal: slider.tsx is a client module, its constants are not readable here.
 */
const FIRST_SCREEN_SLIDES = 4

export default async function HomePage() {
  await connection()
  const [home, purposes] = await Promise.all([homePageData(), homePurposes()])
  return (
    <>
      <LightLine banner={home.lightLine} />
      <div className="container-page overflow-x-clip py-6 sm:py-8">
        <h1 className="sr-only">Витамины и БАД для всей семьи с доставкой по России</h1>
        <FeaturedSlider slides={home.featured} />

        <div className="mt-12">
          <AnchorTabs
            id="mainpage-products"
            title={<h2 className="mb-4 text-2xl font-bold">Популярные товары</h2>}
            tabs={home.productTabs}
            panels={home.productTabs.map((t, i) =>
              i === 0 && home.firstProductTab ? (
                <ProductTabSlider
                  key={t.anchor}
                  anchor={t.anchor}
                  content={home.firstProductTab}
                  priorityCards={FIRST_SCREEN_SLIDES}
                />
              ) : (
                <LazyProductTab key={t.anchor} anchor={t.anchor} />
              ),
            )}
          />
        </div>

        <div className="mt-12">
          <AnchorTabs
            id="sets-from-experts"
            title={
              <div className="mb-4">
                <h2 className="text-2xl font-bold">Наборы от экспертов</h2>
                <p className="mt-1 text-ink-600">
                  Курсы, которые врачи и нутрициологи собрали под конкретную задачу
                </p>
              </div>
            }
            tabs={home.expertTabs}
            panels={home.expertTabs.map((t) => (
              <LazyExpertTab key={t.anchor} anchor={t.anchor} />
            ))}
          />
        </div>

        <RecentlyViewed />

        <section id="purpose" className="mt-12">
          <h2 className="text-2xl font-bold">Назначения</h2>
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
            {purposes.map((p) => (
              <li key={p.code}>
                <Link
                  href={`/catalog/${p.code}/`}
                  className="block h-full rounded-xl border border-line p-3 break-words hyphens-auto hover:border-brand-500 sm:p-4"
                  data-card="purpose"
                >
                  <span className="text-sm font-semibold sm:text-base">{p.name}</span>
                  <span className="mt-1 line-clamp-2 block text-sm text-ink-600">{p.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        {home.hasArticles && (
          <section className="mt-12" data-block="articles">
            <div className="mb-4 flex items-baseline justify-between gap-4">
              <h2 className="text-2xl font-bold">Статьи о здоровье</h2>
              <Link
                href="/health/additionals/"
                className="text-sm font-semibold text-brand-600 hover:text-brand-700"
              >
                Все статьи
              </Link>
            </div>
            <LazyArticlesSlider />
          </section>
        )}

        {home.hasNews && (
          <NewsSection>
            <LazyNewsSlider />
          </NewsSection>
        )}

        {home.distributors.length > 0 && (
          <section className="mt-12">
            <h2 className="mb-4 text-2xl font-bold">Где купить</h2>
            <DistributorsList items={home.distributors} />
          </section>
        )}

        <section className="mt-12">
          <h2 className="mb-4 text-2xl font-bold">Мы ВКонтакте</h2>
          <SocialFeed />
        </section>
      </div>
    </>
  )
}
