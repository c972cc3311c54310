'use client'

/*
 * A client component although only its search, favourites and cart react: its payload is then one
 * reference instead of the header's whole tree a second time after its HTML, on every page (ADR 213).
 */
import { Link } from '@/ui/link'
import { HeaderCart } from '@/domains/cart/ui/header-cart'
import { HeaderFavorites } from '@/domains/favorites/ui/header-favorites'
import { HeaderSearch } from '@/domains/search/ui/header-search'
import { LeafLogo, UserIcon } from '@/ui/icons'
import { SHOP } from '../shop'

const NAV = [
  { href: '/catalog/', label: 'Каталог' },
  { href: '/catalog/Importozameschenie/', label: 'Импортозамещение' },
  { href: '/brands/', label: 'Бренды' },
  { href: '/health/additionals/', label: 'Статьи о здоровье' },
  { href: '/encyclopedia/', label: 'Энциклопедия' },
] as const

const iconLink = 'relative inline-flex h-10 w-10 items-center justify-center rounded-full text-ink-900 hover:bg-brand-50'

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur">
      <div className="container-page flex h-16 items-center gap-3">
        <Link href="/" className="flex shrink-0 items-center gap-2 text-lg font-bold text-brand-700" aria-label={`${SHOP.name} — на главную`}>
          <LeafLogo />
          <span className="max-[359px]:sr-only">{SHOP.name}</span>
        </Link>
        <nav aria-label="Основное меню" className="ml-6 hidden gap-5 text-sm font-medium md:flex">
          {NAV.map((item) => (
            <Link key={item.href} href={item.href} className="hover:text-brand-600">
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <HeaderSearch />
          <Link href="/personal/" className={iconLink} aria-label="Личный кабинет">
            <UserIcon />
          </Link>
          <HeaderFavorites />
          <HeaderCart />
        </div>
      </div>
      <nav aria-label="Разделы" className="container-page flex gap-4 overflow-x-auto pb-2 text-sm font-medium md:hidden">
        {NAV.map((item) => (
          <Link key={item.href} href={item.href} className="shrink-0 whitespace-nowrap hover:text-brand-600">
            {item.label}
          </Link>
        ))}
      </nav>
    </header>
  )
}
