import type { Metadata } from 'next'
import { requirePermission } from '@/admin/session.server'
import { FeaturedSlides } from '@/admin/ui/banners/featured-slides'
import { LightLines } from '@/admin/ui/banners/light-lines'
import { PageHeader } from '@/admin/ui/page-header'
import { db } from '@/db/client'
import { listBanners } from '@/domains/banners/banners.server'
import { can } from '@/domains/staff/permissions'
import { now } from '@/lib/clock'

export const metadata: Metadata = { title: 'Баннеры' }

/** The home page's banners (issue 20, ADR 207): the big slider and the light line over the header. */
export default async function BannersPage() {
  // The permission first: `next build` prerenders nothing past it, so the build never opens the database.
  const actor = await requirePermission('catalog.read', '/admin/banners/')
  const canEdit = can(actor.role, 'content.write')
  const { slides, lightLines } = await listBanners(db())
  const at = now().toISOString()
  return (
    <>
      <PageHeader
        title="Баннеры"
        description="Слайды и полосы главной страницы в их порядке. Перетащите строку или нажмите ↑ ↓; ненужный баннер скрывается, а не удаляется. Даты показа — по Москве."
      />
      <div className="space-y-6">
        <FeaturedSlides slides={slides} canEdit={canEdit} now={at} />
        <LightLines lines={lightLines} canEdit={canEdit} now={at} />
      </div>
    </>
  )
}
