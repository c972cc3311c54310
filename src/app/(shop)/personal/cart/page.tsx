import type { Metadata } from 'next'
import { cookies } from 'next/headers'
import { connection } from 'next/server'
import { cartDeliverySummary } from '@/domains/cart/cart-delivery.server'
import { cartOfVisitor, loadMinOrderRubles } from '@/domains/cart/cart.server'
import { CartPage } from '@/domains/cart/ui/cart-page'
import { REGION_COOKIE } from '@/domains/delivery/delivery'
import { currentSessionCookieId } from '@/domains/session/current-session.server'

export const metadata: Metadata = { title: 'Корзина', robots: { index: false, follow: false } }

export default async function CartRoute() {
  await connection()
  const cookieId = await currentSessionCookieId()
  const region = (await cookies()).get(REGION_COOKIE)?.value ?? ''
  const [cart, minOrderRubles, delivery] = await Promise.all([
    cartOfVisitor(cookieId),
    loadMinOrderRubles(),
    cartDeliverySummary(cookieId, region),
  ])
  return (
    <div className="container-page py-6 sm:py-8">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">Корзина</h1>
      <CartPage initialCart={cart} minOrderRubles={minOrderRubles} initialDelivery={delivery} />
    </div>
  )
}
