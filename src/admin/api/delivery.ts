import { z } from 'zod'
import { db } from '@/db/client'
import {
  courierZoneInput,
  courierZoneView,
  ownPickupTermsInput,
  ownPickupTermsView,
  ownPointInput,
  ownPointPatch,
  ownPointView,
  pointIdParams,
  zoneCityParams,
} from '@/domains/delivery/own/own-delivery.schema'
import {
  createOwnPoint,
  deleteCourierZone,
  listCourierZones,
  listOwnPoints,
  ownPickupTerms,
  ownPoint,
  putCourierZone,
  putOwnPickupTerms,
  updateOwnPoint,
} from '@/domains/delivery/own/own-delivery.server'
import {
  carrierPointsQuery,
  carrierPointsView,
  carrierRefreshParams,
  carrierRefreshView,
} from '@/domains/delivery/carriers/points-admin/points-admin.schema'
import { carrierPointsOverview, refreshCarrierPoints } from '@/domains/delivery/carriers/points-admin/points-admin.server'
import { endpoint } from '../endpoint'

const TAG = 'Доставка'

export const listOwnPointsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/delivery/points',
  permission: 'settings.read',
  summary: 'Пункты выдачи магазина (самовывоз), и действующие, и выключенные',
  tag: TAG,
  response: z.object({ items: z.array(ownPointView) }),
  handle: async () => ({ items: await listOwnPoints(db()) }),
})

export const createOwnPointEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/delivery/points',
  permission: 'settings.write',
  summary: 'Добавить пункт выдачи магазина: город, адрес, координаты, часы работы, телефон',
  tag: TAG,
  body: ownPointInput,
  response: ownPointView,
  handle: ({ body, actor }) => createOwnPoint(db(), actor, body),
})

export const readOwnPointEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/delivery/points/{id}',
  permission: 'settings.read',
  summary: 'Пункт выдачи магазина',
  tag: TAG,
  params: pointIdParams,
  response: ownPointView,
  handle: ({ params }) => ownPoint(db(), params.id),
})

export const updateOwnPointEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/delivery/points/{id}',
  permission: 'settings.write',
  summary: 'Изменить пункт выдачи магазина; active: false убирает его из оформления заказа (заказы его сохраняют)',
  tag: TAG,
  params: pointIdParams,
  body: ownPointPatch,
  response: ownPointView,
  handle: ({ params, body, actor }) => updateOwnPoint(db(), actor, params.id, body),
})

export const listCourierZonesEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/delivery/zones',
  permission: 'settings.read',
  summary: 'Города курьерской доставки магазина: срок, цена (пусто — по тарифу расстояния), порог бесплатной доставки',
  tag: TAG,
  response: z.object({ items: z.array(courierZoneView) }),
  handle: async () => ({ items: await listCourierZones(db()) }),
})

export const putCourierZoneEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/delivery/zones/{city}',
  permission: 'settings.write',
  summary: 'Добавить город курьерской доставки или изменить его условия',
  tag: TAG,
  params: zoneCityParams,
  body: courierZoneInput,
  response: courierZoneView,
  handle: ({ params, body, actor }) => putCourierZone(db(), actor, params.city, body),
})

export const deleteCourierZoneEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/admin/delivery/zones/{city}',
  permission: 'settings.write',
  summary: 'Убрать город из курьерской доставки (занятые интервалы остаются за своими заказами)',
  tag: TAG,
  params: zoneCityParams,
  response: z.object({ deleted: z.literal(true) }),
  handle: ({ params, actor }) => deleteCourierZone(db(), actor, params.city),
})

export const readOwnPickupTermsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/delivery/own-pickup',
  permission: 'settings.read',
  summary: 'Цена самовывоза из пунктов магазина: цена в копейках, порог бесплатной доставки, срок в днях',
  tag: TAG,
  response: ownPickupTermsView,
  handle: () => ownPickupTerms(db()),
})

export const putOwnPickupTermsEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/delivery/own-pickup',
  permission: 'settings.write',
  summary: 'Изменить цену самовывоза из пунктов магазина (одна для всех пунктов), порог бесплатной доставки и срок',
  tag: TAG,
  body: ownPickupTermsInput,
  response: ownPickupTermsView,
  handle: ({ body, actor }) => putOwnPickupTerms(db(), actor, body),
})

export const listCarrierPointsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/delivery/carriers',
  permission: 'settings.read',
  summary: 'Пункты перевозчиков: подключён ли перевозчик (и какие настройки ему нужны), загруженные города — число пунктов, время обновления, последняя ошибка; ?city= ищет город',
  tag: TAG,
  query: carrierPointsQuery,
  response: z.object({ items: z.array(carrierPointsView) }),
  handle: async ({ query }) => ({ items: await carrierPointsOverview(db(), query.city) }),
})

export const refreshCarrierPointsEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/delivery/carriers/{carrier}/cities/{city}/refresh',
  permission: 'settings.write',
  summary: 'Загрузить пункты города у перевозчика сейчас; перевозчик не ответил — прежние пункты остаются, ответ говорит об этом по-русски',
  tag: TAG,
  params: carrierRefreshParams,
  response: carrierRefreshView,
  handle: ({ params, actor }) => refreshCarrierPoints(db(), actor, params.carrier, params.city),
})

export const deliveryEndpoints = [
  listOwnPointsEndpoint,
  createOwnPointEndpoint,
  readOwnPointEndpoint,
  updateOwnPointEndpoint,
  listCourierZonesEndpoint,
  putCourierZoneEndpoint,
  deleteCourierZoneEndpoint,
  readOwnPickupTermsEndpoint,
  putOwnPickupTermsEndpoint,
  listCarrierPointsEndpoint,
  refreshCarrierPointsEndpoint,
]
