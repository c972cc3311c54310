import { articlesForProduct } from '@/domains/content/content.server'
import { ProductArticles } from '@/domains/content/ui/product-articles'
import { ingredientLinksForProduct } from '@/domains/encyclopedia/encyclopedia.server'
import { IngredientLinks } from '@/domains/encyclopedia/ui/ingredient-links'
import { ProductQuestionForm } from '@/domains/forms/ui/question-form'
import { RecordProductView } from '@/domains/recently-viewed/ui/record-product-view'
import { loadReviewsPage } from '@/domains/reviews/reviews.server'
import { ProductReviews } from '@/domains/reviews/ui/product-reviews'
import { featuredSlides } from '@/domains/showcases/showcases.server'
import { LazyFeaturedSlider } from '@/domains/showcases/ui/lazy-featured-slider'
import { productJsonLd } from '../catalog.server'
import type { ProductPageData } from '../catalog'
import { similarProductsUrl } from '../similar'
import { Breadcrumbs } from './breadcrumbs'
import { JsonLd } from './json-ld'
import { LazySimilarProducts } from './lazy-similar-products'
import { ProductMain } from './product-main'

/** The whole product page below the header: crumbs, main block, tabs, the question form, similar products, featured slider. */
export async function ProductPageView({ page, baseUrl, tilesUrl }: { page: ProductPageData; baseUrl: string; tilesUrl: string }) {
  const p = page.card
  // The first page of approved reviews goes into the HTML (for search engines and a list without a
  // flash); the browser then asks who is looking.
  const [allSlides, reviews, articles, ingredients] = await Promise.all([
    featuredSlides(),
    loadReviewsPage(p.id, 'new', 0),
    articlesForProduct(p.id),
    ingredientLinksForProduct(p.id),
  ])
  // Whether any slide is left for this page decides the section; its slides come when it nears the screen.
  const hasSlides = allSlides.some((s) => s.NAME !== p.name)
  // The similar cards load when they near the screen; the main block needs only their ids (ADR 213).
  const { similar, ...main } = page
  return (
    <div className="container-page py-6" data-product-page={p.id}>
      <Breadcrumbs
        items={[
          { name: 'Каталог', url: '/catalog/' },
          { name: p.sectionName, url: `/catalog/${p.sectionCode}/` },
          { name: p.name, url: p.url },
        ]}
        baseUrl={baseUrl}
      />
      <div className="mt-4">
        <ProductMain
          page={main}
          relatedIds={similar.map((s) => s.id)}
          reviewsTotal={reviews.total}
          reviews={<ProductReviews productId={p.id} productName={p.name} offerId={p.offers[0]?.id} initial={reviews} />}
          articles={articles.length > 0 ? <ProductArticles items={articles} /> : undefined}
          ingredients={<IngredientLinks links={ingredients} />}
          tilesUrl={tilesUrl}
        />
      </div>
      <section className="mt-12 max-w-4xl" id="question">
        <ProductQuestionForm productId={p.id} productName={p.name} />
      </section>
      {similar.length > 0 && (
        <section className="mt-12" aria-labelledby="similar-title">
          <h2 id="similar-title" className="text-xl font-bold sm:text-2xl">
            Похожие товары
          </h2>
          <LazySimilarProducts url={similarProductsUrl(p.sectionCode, p.code)} />
        </section>
      )}
      {hasSlides && (
        <section className="mt-12" aria-label="Рекомендуем">
          <h2 className="mb-4 text-xl font-bold sm:text-2xl">Рекомендуем</h2>
          <LazyFeaturedSlider exceptName={p.name} />
        </section>
      )}
      <JsonLd data={productJsonLd(page, baseUrl)} />
      <RecordProductView productId={p.id} />
    </div>
  )
}
