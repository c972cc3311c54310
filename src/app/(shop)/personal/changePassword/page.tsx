import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { connection } from 'next/server'
import { greetingFor } from '@/domains/account/account-pages.server'
import { currentUser } from '@/domains/account/account.server'
import { AccountShell } from '@/domains/account/ui/account-shell'
import { ChangePasswordForm } from '@/domains/account/ui/change-password-form'

export const metadata: Metadata = { title: 'Смена пароля', robots: { index: false, follow: false } }

export default async function ChangePasswordPage() {
  await connection()
  const user = await currentUser()
  if (!user) redirect('/personal/')
  return (
    <AccountShell active="password" title="Смена пароля" greeting={greetingFor(user)}>
      <ChangePasswordForm />
    </AccountShell>
  )
}
