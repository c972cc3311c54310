'use client'

import { Link } from '@/ui/link'
import { EXAMPLE_NOTE_SHORT, LEGAL_LINKS, phoneHref, SHOP, type ResolvedShopDetails } from '../shop'
import { FooterNewsletter } from './footer-newsletter'

/**
 * The footer's markup, a client component although nothing in it but the newsletter reacts: the page's
 * payload then carries only the company details, not the footer's whole tree a second time after its
 * HTML (ADR 213).
 */
export function SiteFooterView({ details }: { details: ResolvedShopDetails }) {
  return (
    <footer className="mt-16 border-t border-line bg-surface text-sm text-ink-600">
      <div className="container-page pt-8">
        <FooterNewsletter />
      </div>
      <div className="container-page grid gap-8 py-10 sm:grid-cols-2 md:grid-cols-4">
        <div>
          <p className="text-base font-bold text-brand-700">{SHOP.name}</p>
          <p className="mt-2">Витамины и БАД с доставкой по всей России.</p>
          <p className="mt-3 text-xs">
            БАД не является лекарственным средством. Перед применением проконсультируйтесь с врачом.
          </p>
        </div>
        <div>
          <p className="font-semibold text-ink-900">Покупателям</p>
          <ul className="mt-2 space-y-1.5">
            <li><Link href="/catalog/">Каталог</Link></li>
            <li><Link href="/personal/cart/">Корзина</Link></li>
            <li><Link href="/personal/orderHistory/">История заказов</Link></li>
            <li><Link href="/dolyami/">Оплата долями</Link></li>
            <li><Link href="/news/">Новости</Link></li>
          </ul>
        </div>
        <div>
          <p className="font-semibold text-ink-900">Документы</p>
          <ul className="mt-2 space-y-1.5">
            {LEGAL_LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <p className="font-semibold text-ink-900">Контакты</p>
          <p className="mt-2">
            <a href={phoneHref(details.phone)} className="text-base font-semibold text-ink-900">
              {details.phone}
            </a>
          </p>
          <p>{details.hours}</p>
          <p className="mt-2">
            <a href={`mailto:${details.email}`}>{details.email}</a>
          </p>
        </div>
      </div>
      <div className="border-t border-line py-4">
        <p className="container-page text-xs" data-shop-details>
          © {details.legalName}, ИНН {details.inn}, ОГРН {details.ogrn}. {details.address}
          {details.example && <span className="ml-1 font-semibold text-ink-900">{EXAMPLE_NOTE_SHORT}</span>}
        </p>
      </div>
    </footer>
  )
}
