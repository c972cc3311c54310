import Link from 'next/link'
import { connection } from 'next/server'
import { ProductCard } from '@/domains/catalog/ui/product-card'
import { ArticlesSlider } from '@/domains/content/ui/article-cards'
import { NewsSlider } from '@/domains/content/ui/news-cards'
import { RecentlyViewed } from '@/domains/recently-viewed/ui/recently-viewed'
import { homePageData, homePurposes } from '@/domains/showcases/showcases.server'
import { AnchorTabs } from '@/domains/showcases/ui/anchor-tabs'
import { DistributorsList } from '@/domains/showcases/ui/distributors-list'
import { ExpertSlideCard } from '@/domains/showcases/ui/expert-slide'
import { FeaturedSlider } from '@/domains/showcases/ui/featured-slider'
import { LightLine } from '@/domains/showcases/ui/light-line'
import { SocialFeed } from '@/domains/showcases/ui/social-feed'
import { Slider } from '@/ui/slider'

const DECOR_POSITION: Record<string, string> = {
  'top-left': '-top-10 -left-12',
  'top-right': '-top-10 -right-12',
  'bottom-left': '-bottom-10 -left-12',
  'bottom-right': '-bottom-10 -right-12',
}

/**
 * The popular-products slider shows 4 cards from 991 px (PRODUCT_SLIDER_LAYOUT; a 1440 px desktop sees
 * them under the featured slide) and 1 on a phone: the open tab's first 4 pictures load at once, the
 * rest and the other tabs lazily. A literal: slider.tsx is a client module, its constants are not
 * readable here.
 */
const FIRST_SCREEN_SLIDES = 4

export default async function HomePage() {
  await connection()
  const [home, purposes] = await Promise.all([homePageData(), homePurposes()])
  const expertTabs = Object.entries(home.banger)
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
            tabs={home.productTabs.map((t) => ({ anchor: t.anchor, title: t.title }))}
            panels={home.productTabs.map((t, tab) => (
              <Slider key={t.anchor} label={t.title} name={`products-${t.anchor}`}>
                {t.products.map((p, i) => (
                  <ProductCard
                    key={p.id}
                    product={p}
                    listName={`Главная: ${t.title}`}
                    index={i}
                    priority={tab === 0 && i < FIRST_SCREEN_SLIDES}
                  />
                ))}
              </Slider>
            ))}
          />
        </div>

        <div className="mt-12">
          <AnchorTabs
            id="sets-from-experts"
            title={
              <div className="mb-4">
                <h2 className="text-2xl font-bold">Наборы от экспертов</h2>
                <p className="mt-1 text-ink-600">Курсы, которые врачи и нутрициологи собрали под конкретную задачу</p>
              </div>
            }
            tabs={expertTabs.map(([title, tab]) => ({ anchor: tab.anchor, title }))}
            panels={expertTabs.map(([title, tab]) => (
              <div key={tab.anchor} className="relative">
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
            ))}
          />
        </div>

        <RecentlyViewed />

        <section id="purpose" className="mt-12">
          <h2 className="text-2xl font-bold">Назначения</h2>
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
            {purposes.map((p) => (
              <li key={p.code}>
                <Link href={`/catalog/${p.code}/`} className="block h-full rounded-xl border border-line p-3 break-words hyphens-auto hover:border-brand-500 sm:p-4" data-card="purpose">
                  <span className="text-sm font-semibold sm:text-base">{p.name}</span>
                  <span className="mt-1 line-clamp-2 block text-sm text-ink-600">{p.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        {home.articles.length > 0 && (
          <section className="mt-12" data-block="articles">
            <div className="mb-4 flex items-baseline justify-between gap-4">
              <h2 className="text-2xl font-bold">Статьи о здоровье</h2>
              <Link href="/health/additionals/" className="text-sm font-semibold text-brand-600 hover:text-brand-700">
                Все статьи
              </Link>
            </div>
            <ArticlesSlider items={home.articles} />
          </section>
        )}

        {home.news.length > 0 && <NewsSlider items={home.news} />}

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
