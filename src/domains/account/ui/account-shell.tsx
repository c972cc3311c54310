import { Link } from '@/ui/link'
import type { ReactNode } from 'react'
import { LogoutButton } from './logout-button'

const TABS = [
  { href: '/personal/', label: 'Личные данные', key: 'profile' },
  { href: '/personal/orderHistory/', label: 'История заказов', key: 'orders' },
  { href: '/personal/changePassword/', label: 'Смена пароля', key: 'password' },
] as const

export type AccountTab = (typeof TABS)[number]['key']

/** The signed-in part of the personal account: title, tabs, logout. */
export function AccountShell({ active, title, greeting, children }: { active: AccountTab; title: string; greeting: string; children: ReactNode }) {
  return (
    <div className="container-page py-6 sm:py-10">
      <p className="text-sm text-ink-600">Личный кабинет</p>
      <h1 className="mt-1 text-2xl font-bold sm:text-3xl">{title}</h1>
      <p className="mt-1 text-sm text-ink-600">{greeting}</p>
      <div className="mt-6 flex flex-col gap-6 md:flex-row md:gap-10">
        <nav aria-label="Разделы личного кабинета" className="md:w-56 md:shrink-0">
          <ul className="flex flex-wrap gap-2 md:flex-col md:flex-nowrap md:gap-1">
            {TABS.map((tab) => (
              <li key={tab.key} className="shrink-0">
                <Link
                  href={tab.href}
                  aria-current={tab.key === active ? 'page' : undefined}
                  className={`block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${tab.key === active ? 'bg-brand-50 text-brand-700' : 'text-ink-900 hover:bg-surface'}`}
                >
                  {tab.label}
                </Link>
              </li>
            ))}
            <li className="shrink-0">
              <LogoutButton className="block w-full whitespace-nowrap rounded-lg px-3 py-2 text-left text-sm font-medium text-ink-600 hover:bg-surface" />
            </li>
          </ul>
        </nav>
        <section className="min-w-0 flex-1">{children}</section>
      </div>
    </div>
  )
}
