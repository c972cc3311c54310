import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { currentActor } from '@/admin/session.server'
import { LoginForm } from '@/admin/ui/auth/login-form'

export const metadata: Metadata = { title: 'Вход' }

/** Only paths inside the back office are followed after login, never another site. */
function safeNext(next: string | string[] | undefined): string {
  const value = Array.isArray(next) ? next[0] : next
  return value && value.startsWith('/admin/') && !value.startsWith('//') ? value : '/admin/'
}

export default async function LoginPage({ searchParams }: PageProps<'/admin/login'>) {
  const next = safeNext((await searchParams).next)
  if (await currentActor()) redirect(next)
  return <LoginForm next={next} />
}
