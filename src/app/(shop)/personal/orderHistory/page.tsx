import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { connection } from 'next/server'
import { greetingFor } from '@/domains/account/account-pages.server'
import { currentUser } from '@/domains/account/account.server'
import { historyOf } from '@/domains/account/order-history.server'
import { AccountShell } from '@/domains/account/ui/account-shell'
import { OrderHistoryList } from '@/domains/account/ui/order-history-list'

export const metadata: Metadata = { title: 'История заказов', robots: { index: false, follow: false } }

export default async function OrderHistoryPage() {
  await connection()
  const user = await currentUser()
  if (!user) redirect('/personal/?RETURN-TO-COMMENT=Y&BACK_URL=%2Fpersonal%2ForderHistory%2F')
  return (
    <AccountShell active="orders" title="История заказов" greeting={greetingFor(user)}>
      <OrderHistoryList orders={await historyOf(user.id)} />
    </AccountShell>
  )
}
