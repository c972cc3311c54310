import type { Metadata } from 'next'
import { connection } from 'next/server'
import { DEFAULT_CITY } from '@/domains/eco/eco'
import { ecoProject } from '@/domains/eco/eco-content'
import { ecoBoxes, ecoCities } from '@/domains/eco/eco.server'
import { EcoBoxMap } from '@/domains/eco/ui/eco-box-map'
import { EcoProjectView } from '@/domains/eco/ui/eco-views'
import { env } from '@/lib/env'

export const metadata: Metadata = { title: 'Эко-боксы: карта аптек', alternates: { canonical: '/eco/eco-box/' } }

export default async function EcoBoxPage() {
  await connection()
  const project = ecoProject('eco-box')
  const [cities, points] = await Promise.all([ecoCities(), ecoBoxes({ city: DEFAULT_CITY })])
  if (!project) return null
  return (
    <EcoProjectView project={project}>
      <section className="container-page py-6" aria-labelledby="eco-map-title">
        <h2 id="eco-map-title" className="mb-4 text-2xl font-bold sm:text-3xl">
          Карта эко-боксов
        </h2>
        <EcoBoxMap cities={cities} initialCity={DEFAULT_CITY} initialPoints={points} tilesUrl={env().MAP_TILES_URL} />
      </section>
    </EcoProjectView>
  )
}
