import type { Metadata } from 'next'
import { connection } from 'next/server'
import { cartOfVisitor, loadMinOrderRubles } from '@/domains/cart/cart.server'
import { CartPage } from '@/domains/cart/ui/cart-page'
import { currentSessionCookieId } from '@/domains/session/current-session.server'

export const metadata: Metadata = { title: 'Корзина', robots: { index: false, follow: false } }

export default async function CartRoute() {
  await connection()
  const [cart, minOrderRubles] = await Promise.all([cartOfVisitor(await currentSessionCookieId()), loadMinOrderRubles()])
  return (
    <div className="container-page py-6 sm:py-8">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">Корзина</h1>
      <CartPage initialCart={cart} minOrderRubles={minOrderRubles} />
    </div>
  )
}
