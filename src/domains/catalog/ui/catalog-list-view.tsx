import { Link } from '@/ui/link'
import type { CatalogList } from '../catalog.server'
import { cardView, visiblePartners, type PartnerLink } from '../catalog'
import { filterGroupsView } from '../catalog-filter'
import { Breadcrumbs, type Crumb } from './breadcrumbs'
import { CatalogFilter } from './catalog-filter'
import { Pagination } from './pagination'
import { ProductList } from './product-list'
import { PurposeMenu, type MenuItem } from './purpose-menu'

/** The products a card's 'В аптеках' shows for: with at least one partner link that is listed. */
function productsWithPartners(partners: Record<number, PartnerLink[]>): number[] {
  return Object.entries(partners)
    .filter(([, links]) => visiblePartners(links).length > 0)
    .map(([id]) => Number(id))
}

function ListPagination({ list }: { list: CatalogList }) {
  if (list.pageCount <= 1) return null
  const pages = [...new Set([1, list.page - 2, list.page - 1, list.page, list.page + 1, list.page + 2, list.pageCount])]
    .filter((p) => p >= 1 && p <= list.pageCount)
    .sort((a, b) => a - b)
  return (
    <Pagination
      pages={pages.map((n) => ({ n, url: list.pageUrl(n) }))}
      current={list.page}
      prev={list.page > 1 ? list.pageUrl(list.page - 1) : null}
      next={list.page < list.pageCount ? list.pageUrl(list.page + 1) : null}
    />
  )
}

/** A catalogue list page: breadcrumbs, purpose menu, filter, cards, show more and page links. */
export function CatalogListView({
  list,
  menu,
  crumbs,
  baseUrl,
  showMenu = true,
}: {
  list: CatalogList
  menu: MenuItem[]
  crumbs: Crumb[]
  baseUrl: string
  showMenu?: boolean
}) {
  const query = JSON.stringify(list.state)
  return (
    <div className="container-page py-6">
      <Breadcrumbs items={crumbs} baseUrl={baseUrl} />
      <h1 className="mt-3 text-2xl font-bold sm:text-3xl">{list.heading.title}</h1>
      {list.heading.description && <p className="mt-2 max-w-3xl text-ink-600">{list.heading.description}</p>}
      {showMenu && (
        <div className="mt-5">
          <PurposeMenu items={menu} />
        </div>
      )}
      <div className="mt-5">
        <CatalogFilter key={query} groups={filterGroupsView(list.groups)} state={list.state} basePath={list.heading.basePath} foundText={list.foundText} />
      </div>
      <div className="mt-4">
        {list.cards.length === 0 ? (
          <p className="rounded-xl bg-surface p-6 text-center text-ink-600" data-empty-list>
            По выбранным условиям товаров нет. Измените фильтр или{' '}
            <Link href={list.heading.basePath} className="text-brand-700 underline">
              сбросьте его
            </Link>
            .
          </p>
        ) : (
          <>
            {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3 for screen readers. */}
            <h2 className="sr-only">Товары</h2>
            <ProductList
              key={query}
              cards={list.cards.map(cardView)}
              withPartners={productsWithPartners(list.partners)}
              showMore={list.showMore}
              basePath={list.heading.basePath}
              listName={list.heading.title}
            />
          </>
        )}
      </div>
      <ListPagination list={list} />
    </div>
  )
}
