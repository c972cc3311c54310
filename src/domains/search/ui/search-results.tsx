import { Link } from '@/ui/link'
import type { ProductCardData } from '@/domains/catalog/catalog'
import { ProductCard } from '@/domains/catalog/ui/product-card'
import { WORDS, countOf } from '@/lib/plural'
import { RESULTS_PAGE_SIZE, searchUrl } from '../search'
import { SearchAnalytics } from './search-analytics'

/** The results list of /search/ and /search/index.php: the form again, cards, paging links. */
export function SearchResults({
  term,
  page,
  total,
  fuzzy,
  cards,
}: {
  term: string
  page: number
  total: number
  fuzzy: boolean
  cards: ProductCardData[]
}) {
  const pages = Math.ceil(total / RESULTS_PAGE_SIZE)
  return (
    <div className="container-page py-6 sm:py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Поиск</h1>
      <form action="/search/" method="get" role="search" className="mt-4 flex max-w-2xl gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          Поиск по каталогу
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={term}
          maxLength={200}
          placeholder="Например, витамин D или омега 3"
          className="h-11 min-w-0 flex-1 rounded-lg border border-line px-3 text-base outline-none focus:border-brand-500"
        />
        <button type="submit" className="h-11 shrink-0 rounded-lg bg-brand-500 px-5 text-sm font-semibold text-white hover:bg-brand-600">
          Найти
        </button>
      </form>
      <SearchAnalytics term={term} />
      {term === '' ? (
        <p className="mt-6 text-ink-600">Введите название товара, бренд, назначение или состав.</p>
      ) : total === 0 ? (
        <p className="mt-6 text-ink-600" data-search-empty>
          По запросу «{term}» ничего не найдено. Проверьте написание или поищите в{' '}
          <Link href="/catalog/" className="text-brand-700 underline">
            каталоге
          </Link>
          .
        </p>
      ) : (
        <>
          <p className="mt-4 text-sm text-ink-600" data-search-total>
            {fuzzy ? 'Точных совпадений нет, похожие товары' : `По запросу «${term}»`}: {countOf(total, WORDS.product)}
          </p>
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4" data-search-results>
            {cards.map((card, i) => (
              <li key={card.id}>
                <ProductCard product={card} listName="Результаты поиска" index={(page - 1) * RESULTS_PAGE_SIZE + i} />
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav aria-label="Страницы результатов" className="mt-8 flex flex-wrap gap-2">
              {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
                <Link
                  key={n}
                  href={n === 1 ? searchUrl(term) : `${searchUrl(term)}&PAGEN_1=${n}`}
                  aria-current={n === page ? 'page' : undefined}
                  className={`inline-flex h-10 min-w-10 items-center justify-center rounded-lg border px-3 text-sm ${
                    n === page ? 'border-brand-500 bg-brand-500 text-white' : 'border-line hover:border-brand-500'
                  }`}
                >
                  {n}
                </Link>
              ))}
            </nav>
          )}
        </>
      )}
    </div>
  )
}
