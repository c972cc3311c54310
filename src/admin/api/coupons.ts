import { z } from 'zod'
import { wire } from '@/lib/ajax'
import { db } from '@/db/client'
import { couponInput, couponListQuery, couponPatch, couponView } from '@/domains/coupons/coupons.schema'
import { couponById, createCoupon, deleteCoupon, endCoupon, listCoupons, updateCoupon } from '@/domains/coupons/coupons.server'
import { endpoint } from '../endpoint'

const id = z.object({ id: wire.id })

export const listCouponsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/coupons',
  permission: 'coupons.read',
  summary: 'Промокоды с числом использований (новые сначала; q — часть кода)',
  tag: 'Промокоды',
  query: couponListQuery,
  response: z.object({ items: z.array(couponView), total: z.number(), page: z.number(), pageSize: z.number() }),
  handle: ({ query }) => listCoupons(db(), query),
})

export const createCouponEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/coupons',
  permission: 'coupons.write',
  summary: 'Создать промокод: скидка в процентах или суммой, или подарок (товар)',
  tag: 'Промокоды',
  body: couponInput,
  response: couponView,
  handle: ({ body, actor }) => createCoupon(db(), actor, body),
})

export const readCouponEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/coupons/{id}',
  permission: 'coupons.read',
  summary: 'Промокод',
  tag: 'Промокоды',
  params: id,
  response: couponView,
  handle: ({ params }) => couponById(db(), params.id),
})

export const updateCouponEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/coupons/{id}',
  permission: 'coupons.write',
  summary: 'Изменить промокод (тип не меняется; завершённый не меняется)',
  tag: 'Промокоды',
  params: id,
  body: couponPatch,
  response: couponView,
  handle: ({ params, body, actor }) => updateCoupon(db(), actor, params.id, body),
})

export const deleteCouponEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/admin/coupons/{id}',
  permission: 'coupons.write',
  summary: 'Удалить промокод, который не использовали ни в одном заказе (использованный — только завершить)',
  tag: 'Промокоды',
  params: id,
  response: z.object({ deleted: z.literal(true) }),
  handle: ({ params, actor }) => deleteCoupon(db(), actor, params.id),
})

export const endCouponEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/coupons/{id}/end',
  permission: 'coupons.write',
  summary: 'Завершить промокод: больше не действует, остаётся в заказах и в списке',
  tag: 'Промокоды',
  params: id,
  response: couponView,
  handle: ({ params, actor }) => endCoupon(db(), actor, params.id),
})

export const couponEndpoints = [listCouponsEndpoint, createCouponEndpoint, readCouponEndpoint, updateCouponEndpoint, deleteCouponEndpoint, endCouponEndpoint]
