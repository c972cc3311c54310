import type { Metadata } from 'next'
import { Link } from '@/ui/link'
import { redirect } from 'next/navigation'
import { connection } from 'next/server'
import { greetingFor, personalView } from '@/domains/account/account-pages.server'
import { AccountShell } from '@/domains/account/ui/account-shell'
import { DeleteAccount } from '@/domains/account/ui/delete-account'
import { ForgotPasswordForm } from '@/domains/account/ui/forgot-password-form'
import { GuestPanel } from '@/domains/account/ui/guest-panel'
import { LoginForm } from '@/domains/account/ui/login-form'
import { ProfileForm } from '@/domains/account/ui/profile-form'
import { ResetPasswordForm } from '@/domains/account/ui/reset-password-form'

export const metadata: Metadata = { title: 'Личный кабинет', robots: { index: false, follow: false } }

export default async function PersonalPage({ searchParams }: PageProps<'/personal'>) {
  await connection()
  const view = await personalView(await searchParams)
  switch (view.kind) {
    case 'return':
      redirect(view.to)
    case 'account':
      return (
        <AccountShell active="profile" title="Личные данные" greeting={greetingFor(view.user)}>
          <ProfileForm initial={view.profile} today={view.today} />
          <DeleteAccount hasPassword={view.user.hasPassword} />
        </AccountShell>
      )
    case 'forgot':
      return (
        <GuestPanel title="Восстановление пароля">
          <ForgotPasswordForm />
        </GuestPanel>
      )
    case 'reset':
      return (
        <GuestPanel title="Смена пароля">
          {view.valid ? (
            <ResetPasswordForm token={view.token} />
          ) : (
            <div className="flex flex-col gap-4">
              <p role="alert" className="text-sale-500">
                Ссылка недействительна или устарела. Запросите восстановление пароля ещё раз.
              </p>
              <Link href="/personal/?forgot_password=yes" className="text-brand-700 underline">
                Восстановить пароль
              </Link>
            </div>
          )}
        </GuestPanel>
      )
    case 'login':
      return (
        <GuestPanel title="Вход и регистрация" aside={<RegisterTeaser href={view.registerHref} />}>
          <LoginForm backUrl={view.backUrl} registerHref={view.registerHref} socialAuthUrl={view.socialAuthUrl} />
        </GuestPanel>
      )
  }
}

function RegisterTeaser({ href }: { href: string }) {
  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">Впервые у нас?</h2>
      <ul className="list-disc space-y-1 pl-5 text-sm text-ink-600">
        <li>история и статус заказов</li>
        <li>сохранённые адреса доставки</li>
        <li>отзывы о товарах</li>
      </ul>
      <Link href={href} className="inline-flex min-h-11 items-center justify-center rounded-lg border border-brand-500 px-6 py-2.5 font-semibold text-brand-700 hover:bg-brand-50">
        Зарегистрироваться
      </Link>
    </div>
  )
}
