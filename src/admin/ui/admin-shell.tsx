import Link from 'next/link'
import type { ReactNode } from 'react'
import { SHOP } from '@/domains/layout/shop'
import { ROLE_NAMES, can, type Actor } from '@/domains/staff/permissions'
import { ADMIN_NAV } from './nav'
import { SideNav } from './side-nav'
import { SignOutButton } from './sign-out-button'

/** The frame of every signed-in back-office page: sections on the left (on top below 992 px), the page on the right. */
export function AdminShell({ actor, children }: { actor: Actor; children: ReactNode }) {
  const items = ADMIN_NAV.filter((item) => can(actor.role, item.permission))
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <aside className="bg-ink-900 text-white md:w-60 md:shrink-0">
        <div className="flex flex-col gap-4 p-4 md:sticky md:top-0 md:h-screen">
          <div className="flex items-center justify-between gap-3 md:block">
            <Link href="/admin/" className="text-lg font-bold">
              {SHOP.name} <span className="font-normal text-white/70">· управление</span>
            </Link>
            <Link href="/" className="text-xs text-white/70 hover:text-white md:mt-1 md:block">
              Открыть магазин ↗
            </Link>
          </div>
          <SideNav items={items} />
          <div
            className="mt-auto hidden border-t border-white/15 pt-3 text-sm md:block"
            data-staff={actor.role}
          >
            <Link href="/admin/profile/" className="font-medium hover:underline">
              {actor.name}
            </Link>
            <div className="mb-2 text-white/70">{ROLE_NAMES[actor.role]}</div>
            <SignOutButton />
          </div>
        </div>
      </aside>
      <div className="min-w-0 flex-1 bg-surface">
        <div className="flex items-center justify-end gap-3 border-b border-line bg-white px-6 py-2 text-sm md:hidden">
          <span>
            {actor.name} · {ROLE_NAMES[actor.role]}
          </span>
        </div>
        <main id="main" className="mx-auto w-full max-w-[1400px] p-4 sm:p-6">
          {children}
        </main>
      </div>
    </div>
  )
}
