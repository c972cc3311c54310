import type { Metadata } from 'next'
import type { ReactNode } from 'react'
import { currentActor } from '@/admin/session.server'
import { AdminShell } from '@/admin/ui/admin-shell'

export const metadata: Metadata = {
  title: { default: 'Панель управления', template: '%s — панель управления' },
  robots: { index: false, follow: false },
}

/** Signed in: the back office's frame. Not signed in: the login and password pages stand alone. */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const actor = await currentActor()
  return actor ? <AdminShell actor={actor}>{children}</AdminShell> : <div className="flex min-h-screen flex-1 items-center justify-center bg-surface p-4">{children}</div>
}
