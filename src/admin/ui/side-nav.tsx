'use client'

import Link from 'next/link'
import { usePathname } from 'next/navigation'

export function SideNav({ items }: { items: readonly { href: string; label: string }[] }) {
  const pathname = usePathname()
  const active = (href: string) => (href === '/admin/' ? pathname === href : pathname.startsWith(href))
  return (
    <nav aria-label="Разделы" className="flex gap-1 overflow-x-auto md:flex-col">
      {items.map((item) => (
        <Link
          key={item.href}
          href={item.href}
          aria-current={active(item.href) ? 'page' : undefined}
          className="rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-white/80 hover:bg-white/10 hover:text-white aria-[current=page]:bg-white/15 aria-[current=page]:text-white"
        >
          {item.label}
        </Link>
      ))}
    </nav>
  )
}
