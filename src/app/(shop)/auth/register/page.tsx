import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { connection } from 'next/server'
import { returnTarget } from '@/domains/account/account-pages.server'
import { currentUser } from '@/domains/account/account.server'
import { GuestPanel } from '@/domains/account/ui/guest-panel'
import { RegisterForm } from '@/domains/account/ui/register-form'

export const metadata: Metadata = { title: 'Регистрация', robots: { index: false, follow: false } }

export default async function RegisterPage({ searchParams }: PageProps<'/auth/register'>) {
  await connection()
  const { backUrl, query } = returnTarget(await searchParams)
  if (await currentUser()) redirect(backUrl ?? '/personal/')
  return (
    <GuestPanel title="Регистрация">
      <RegisterForm backUrl={backUrl} loginHref={`/personal/${query}`} />
    </GuestPanel>
  )
}
