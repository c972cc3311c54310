import type { Metadata } from 'next'
import { connection } from 'next/server'
import { UloginReturn } from '@/domains/account/ui/ulogin-return'

export const metadata: Metadata = { title: 'Вход через социальную сеть', robots: { index: false, follow: false } }

/** The provider's window comes back here with ?token=…; the page hands it to the opener. */
export default async function UloginReturnPage({ searchParams }: PageProps<'/auth/ulogin'>) {
  await connection()
  const token = (await searchParams).token
  return (
    <div className="container-page py-10">
      <UloginReturn token={typeof token === 'string' ? token.slice(0, 500) : ''} />
    </div>
  )
}
