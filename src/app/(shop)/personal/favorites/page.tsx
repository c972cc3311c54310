import type { Metadata } from 'next'
import { connection } from 'next/server'
import { loadProductCards } from '@/domains/catalog/catalog.server'
import { activeFavoritesOfVisitor } from '@/domains/favorites/favorites.server'
import { FavoritesGrid } from '@/domains/favorites/ui/favorites-grid'
import { currentSessionCookieId } from '@/domains/session/current-session.server'

export const metadata: Metadata = { title: 'Избранное', robots: { index: false, follow: false } }

export default async function FavoritesRoute() {
  await connection()
  const cards = await loadProductCards(await activeFavoritesOfVisitor(await currentSessionCookieId()))
  return (
    <div className="container-page py-6 sm:py-8">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">Избранное</h1>
      <FavoritesGrid cards={cards} />
    </div>
  )
}
