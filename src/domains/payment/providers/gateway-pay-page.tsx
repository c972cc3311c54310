import { notFound } from 'next/navigation'
import { connection } from 'next/server'
import { currentSessionCookieId } from '@/domains/session/current-session.server'
import { sessidFor } from '@/lib/session'
import type { GatewayPayView } from './gateway-flow.server'
import { GatewayPayment, payErrorOf } from './gateway-payment'

/** The body of a gateway's pay page (/payment/tbank/, /payment/dolyame/): the view by the link's token, or 404. */
export async function GatewayPayPage(props: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
  payView: (token: string) => Promise<GatewayPayView | null>
  title: string
  note: string
  action: string
  testId: string
}) {
  await connection()
  const { token, error } = await props.searchParams
  const view = typeof token === 'string' ? await props.payView(token) : null
  if (!view) notFound()
  const cookieId = await currentSessionCookieId()
  return (
    <main className="container-page py-8">
      <GatewayPayment view={view} token={token as string} sessid={cookieId ? sessidFor(cookieId) : ''} error={payErrorOf(error)} title={props.title} note={props.note} action={props.action} testId={props.testId} />
    </main>
  )
}
