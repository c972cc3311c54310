import Link from 'next/link'
import { NewsletterBlock } from '@/domains/forms/ui/newsletter'
import { LEGAL_LINKS, SHOP } from '../shop'

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-line bg-surface text-sm text-ink-600">
      <div className="container-page pt-8"><NewsletterBlock /></div>
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
            <a href={SHOP.phoneHref} className="text-base font-semibold text-ink-900">
              {SHOP.phone}
            </a>
          </p>
          <p>{SHOP.hours}</p>
          <p className="mt-2">
            <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a>
          </p>
        </div>
      </div>
      <div className="border-t border-line py-4">
        <p className="container-page text-xs">
          © {SHOP.legalName}, ИНН {SHOP.inn}, ОГРН {SHOP.ogrn}. {SHOP.address}
        </p>
      </div>
    </footer>
  )
}
