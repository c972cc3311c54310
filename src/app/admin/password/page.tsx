import type { Metadata } from 'next'
import { PasswordForm } from '@/admin/ui/auth/password-form'

export const metadata: Metadata = { title: 'Новый пароль', referrer: 'no-referrer' }

export default async function PasswordPage({ searchParams }: PageProps<'/admin/password'>) {
  const token = (await searchParams).token
  return <PasswordForm token={typeof token === 'string' ? token : ''} />
}
