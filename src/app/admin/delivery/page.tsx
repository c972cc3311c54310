import type { Metadata } from 'next'
import { asc, desc } from 'drizzle-orm'
import { requirePermission } from '@/admin/session.server'
import { CarrierPoints } from '@/admin/ui/delivery/carrier-points'
import { CourierZones } from '@/admin/ui/delivery/courier-zones'
import { OwnPickupTerms } from '@/admin/ui/delivery/own-pickup-terms'
import { OwnPoints } from '@/admin/ui/delivery/own-points'
import { PageHeader } from '@/admin/ui/page-header'
import { db } from '@/db/client'
import { cities } from '@/db/schema'
import { listCourierZones, listOwnPoints, ownPickupTerms } from '@/domains/delivery/own/own-delivery.server'
import { carrierPointsOverview } from '@/domains/delivery/carriers/points-admin/points-admin.server'
import { activeCarrier } from '@/domains/delivery/carriers/registry.server'
import { can } from '@/domains/staff/permissions'
import { env } from '@/lib/env'

export const metadata: Metadata = { title: 'Доставка' }

/** The shop's own delivery (ADR 187): its pickup points and courier zones, and which carriers are connected. */
export default async function DeliveryPage() {
  const actor = await requirePermission('settings.read', '/admin/delivery/')
  const [points, terms, zones, cityRows, carriers] = await Promise.all([
    listOwnPoints(db()),
    ownPickupTerms(db()),
    listCourierZones(db()),
    db().select({ code: cities.code, name: cities.name, region: cities.region }).from(cities).orderBy(desc(cities.population), asc(cities.name)),
    carrierPointsOverview(db()),
  ])
  const canWrite = can(actor.role, 'settings.write')
  const cdek = activeCarrier('sdek') !== undefined
  const boxberry = activeCarrier('boxberry') !== undefined
  const pochta = activeCarrier('russianpost') !== undefined
  const demo = env().mode === 'demo'
  return (
    <>
      <PageHeader
        title="Доставка"
        description="Свой самовывоз и курьер магазина работают всегда, без договоров с перевозчиками. Изменения видны при оформлении заказа сразу и записываются в журнал."
      />
      <div className="space-y-8">
        <p className="rounded-md border border-line bg-surface p-3 text-sm">
          СДЭК: {cdek ? 'подключён (пункты и цены — из СДЭК).' : 'не подключён (нужны CDEK_CLIENT_ID и CDEK_CLIENT_SECRET).'} Boxberry:{' '}
          {boxberry ? 'подключён.' : 'не подключён (нужен BOXBERRY_TOKEN).'} Почта России:{' '}
          {pochta ? 'подключена (отделения и цены «Посылки онлайн» — от Почты России).' : 'не подключена (нужны POCHTA_TOKEN, POCHTA_LOGIN и POCHTA_PASSWORD).'}{' '}
          {demo
            ? 'Демо-режим: пункты СДЭК, Boxberry и Почты России без ключей — выдуманные и помечены при оформлении заказа.'
            : cdek || boxberry || pochta
              ? ''
              : 'Без ключей перевозчиков покупатель видит только самовывоз из пунктов магазина и курьера магазина.'}
        </p>
        <OwnPoints points={points} cities={cityRows} canWrite={canWrite} />
        <OwnPickupTerms terms={terms} canWrite={canWrite} />
        <CourierZones zones={zones} cities={cityRows} canWrite={canWrite} />
        <CarrierPoints carriers={carriers} cities={cityRows} canWrite={canWrite} />
      </div>
    </>
  )
}
