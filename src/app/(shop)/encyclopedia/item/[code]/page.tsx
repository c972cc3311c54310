import type { Metadata } from 'next'
import { Link } from '@/ui/link'
import { notFound } from 'next/navigation'
import { connection } from 'next/server'
import { loadProductCards } from '@/domains/catalog/catalog.server'
import { ProductCard } from '@/domains/catalog/ui/product-card'
import { RichText } from '@/domains/content/ui/article-blocks'
import { encElementPage } from '@/domains/encyclopedia/encyclopedia.server'
import { isPreview } from '@/domains/content/preview.server'
import { PreviewBanner } from '@/domains/content/ui/preview-banner'

const PRODUCTS_SHOWN = 12

export async function generateMetadata({
  params,
}: PageProps<'/encyclopedia/item/[code]'>): Promise<Metadata> {
  await connection()
  const el = await encElementPage((await params).code, await isPreview())
  return el ? { title: `${el.name} — энциклопедия ингредиентов`, description: el.previewText } : {}
}

export default async function EncElementPage({ params }: PageProps<'/encyclopedia/item/[code]'>) {
  await connection()
  const preview = await isPreview()
  const el = await encElementPage((await params).code, preview)
  if (!el) notFound()
  const products = await loadProductCards(el.productIds.slice(0, PRODUCTS_SHOWN))
  return (
    <>
      {preview && <PreviewBanner published={el.published} path={`/encyclopedia/item/${el.code}/`} />}
      <div className="container-page py-6 sm:py-8">
        <nav aria-label="Хлебные крошки" className="text-sm text-ink-400">
          <Link href="/encyclopedia/" className="hover:text-brand-600">
            Энциклопедия
          </Link>{' '}
          /{' '}
          <Link href={`/encyclopedia/#${el.sectionHash}`} className="hover:text-brand-600">
            {el.sectionName}
          </Link>
        </nav>
        <article className="mx-auto mt-4 max-w-3xl">
          <h1 className="text-2xl leading-tight font-bold sm:text-4xl">{el.name}</h1>
          <RichText html={el.text} className="mt-6" />
        </article>
        <section className="mt-12" data-block="ingredient-products">
          <h2 className="mb-4 text-2xl font-bold">Товары с этим ингредиентом</h2>
          {products.length === 0 ? (
            <p className="text-ink-600">
              Сейчас в каталоге нет товаров с этим ингредиентом.{' '}
              <Link href="/catalog/" className="text-brand-600 underline">
                Перейти в каталог
              </Link>
            </p>
          ) : (
            <ul className="grid grid-cols-2 gap-2.5 sm:grid-cols-3 sm:gap-5 md:grid-cols-4">
              {products.map((p, i) => (
                <li key={p.id}>
                  <ProductCard product={p} listName={`Энциклопедия: ${el.name}`} index={i} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  )
}
