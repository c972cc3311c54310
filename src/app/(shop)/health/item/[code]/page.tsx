import type { Metadata } from 'next'
import { Link } from '@/ui/link'
import { notFound } from 'next/navigation'
import { connection } from 'next/server'
import { loadProductCards } from '@/domains/catalog/catalog.server'
import { ProductCard } from '@/domains/catalog/ui/product-card'
import { formatDate } from '@/domains/content/content'
import { articlePage } from '@/domains/content/content.server'
import { isPreview } from '@/domains/content/preview.server'
import { PreviewBanner } from '@/domains/content/ui/preview-banner'
import { Accordion, ExpertBlock, RichText, TagCloud } from '@/domains/content/ui/article-blocks'
import { HealthProfessionalGate } from '@/domains/content/ui/health-gate'
import { Recommendations } from '@/domains/content/ui/recommendations'
import { ArticleRating } from '@/domains/reviews/ui/article-rating'
import { Slider } from '@/ui/slider'

export async function generateMetadata({ params }: PageProps<'/health/item/[code]'>): Promise<Metadata> {
  await connection()
  const article = await articlePage((await params).code, await isPreview())
  return article
    ? { title: article.seoTitle || article.NAME, description: article.seoDescription || article.previewText }
    : {}
}

export default async function ArticlePage({ params }: PageProps<'/health/item/[code]'>) {
  await connection()
  const preview = await isPreview()
  const article = await articlePage((await params).code, preview)
  if (!article) notFound()
  const products = await loadProductCards(article.productIds)
  return (
    <>
      {preview && (
        <PreviewBanner mark={article.mark} publishedAt={article.publishedAt} path={`/health/item/${article.CODE}/`} />
      )}
      <div className="container-page py-6 sm:py-8">
        {article.professional && <HealthProfessionalGate />}
        <nav aria-label="Хлебные крошки" className="text-sm text-ink-400">
          <Link href="/" className="hover:text-brand-600">
            Главная
          </Link>{' '}
          /{' '}
          <Link href="/health/additionals/" className="hover:text-brand-600">
            Статьи о здоровье
          </Link>
        </nav>
        <article className="mx-auto mt-4 max-w-3xl" data-article-id={article.ID}>
          <p className="flex flex-wrap items-center gap-2 text-sm text-ink-400">
            <span className="rounded bg-brand-50 px-2 py-0.5 font-semibold text-brand-700">
              {article.category}
            </span>
            <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
          </p>
          <h1 className="mt-2 text-2xl leading-tight font-bold sm:text-4xl">{article.NAME}</h1>
          <p className="mt-3 text-lg text-ink-600">{article.previewText}</p>
          {article.picture ? <img src={article.picture} alt="" className="mt-6 aspect-video w-full rounded-2xl object-cover" /> : null}
          <RichText html={article.TEXT} className="mt-6" />
          {article.DATA_EXPERT && <ExpertBlock expert={article.DATA_EXPERT} />}
          <Accordion items={article.accordion} />
          {article.BUTTON && (
            <Link
              href={article.BUTTON.URL_BUTTON}
              className="mt-8 inline-block rounded-lg bg-brand-500 px-6 py-3 font-semibold text-white hover:bg-brand-600"
            >
              {article.BUTTON.TEXT_BUTTON}
            </Link>
          )}
          <div className="mt-8 border-t border-line pt-6">
            <TagCloud tags={article.tags} />
            <div className="mt-6">
              <ArticleRating articleId={String(article.ID)} />
            </div>
          </div>
        </article>
        {products.length > 0 && (
          <section className="mt-12" data-block="article-products">
            <h2 className="mb-4 text-2xl font-bold">Товары из статьи</h2>
            <Slider label="Товары из статьи" name="article-products">
              {products.map((p, i) => (
                <ProductCard key={p.id} product={p} listName={`Статья: ${article.NAME}`} index={i} />
              ))}
            </Slider>
          </section>
        )}
        <Recommendations articles={article.articles} />
      </div>
    </>
  )
}
