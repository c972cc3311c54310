import { z } from 'zod'
import { db } from '@/db/client'
import {
  distributorInput,
  distributorList,
  distributorPatch,
  distributorView,
  outletInput,
  outletPatch,
  partnerInput,
  partnerList,
  partnerPatch,
  partnerView,
} from '@/domains/partners/partners-admin.schema'
import {
  addOutlet,
  createDistributor,
  createPartner,
  distributorById,
  listDistributors,
  listPartners,
  partnerById,
  removeOutlet,
  updateDistributor,
  updateOutlet,
  updatePartner,
} from '@/domains/partners/partners-admin.server'
import {
  partnerProductInput,
  partnerProductList,
  partnerProductPatch,
} from '@/domains/partners/partner-products-admin.schema'
import {
  addPartnerProduct,
  listPartnerProducts,
  removePartnerProduct,
  updatePartnerProduct,
} from '@/domains/partners/partner-products-admin.server'
import { wire } from '@/lib/ajax'
import { endpoint } from '../endpoint'

/** Partner pharmacies with their outlets, and the home page's distributors (issue 20, ADR 202). */
const id = z.object({ id: wire.id })
const partnerProduct = z.object({ id: wire.id, productId: wire.id })
const TAG = 'Партнёры и дистрибьюторы'

export const listPartnersEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/partners',
  permission: 'catalog.read',
  summary: 'Аптеки-партнёры («Где купить») с их пунктами на карте',
  tag: TAG,
  response: partnerList,
  handle: () => listPartners(db()),
})

export const createPartnerEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/partners',
  permission: 'content.write',
  summary: 'Добавить партнёра',
  tag: TAG,
  body: partnerInput,
  response: partnerView,
  handle: ({ body, actor }) => createPartner(db(), actor, body),
})

export const readPartnerEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/partners/{id}',
  permission: 'catalog.read',
  summary: 'Партнёр с его пунктами',
  tag: TAG,
  params: id,
  response: partnerView,
  handle: ({ params }) => partnerById(db(), params.id),
})

export const updatePartnerEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/partners/{id}',
  permission: 'content.write',
  summary: 'Изменить партнёра; скрытый пропадает из «Где купить» и с карты, его ссылки на товары сохраняются',
  tag: TAG,
  params: id,
  body: partnerPatch,
  response: partnerView,
  handle: ({ params, body, actor }) => updatePartner(db(), actor, params.id, body),
})

export const addOutletEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/partners/{id}/outlets',
  permission: 'content.write',
  summary: 'Добавить аптеку партнёра (точку на карте)',
  tag: TAG,
  params: id,
  body: outletInput,
  response: partnerView,
  handle: ({ params, body, actor }) => addOutlet(db(), actor, params.id, body),
})

export const updateOutletEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/partner-outlets/{id}',
  permission: 'content.write',
  summary: 'Изменить аптеку партнёра',
  tag: TAG,
  params: id,
  body: outletPatch,
  response: partnerView,
  handle: ({ params, body, actor }) => updateOutlet(db(), actor, params.id, body),
})

export const removeOutletEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/admin/partner-outlets/{id}',
  permission: 'content.write',
  summary: 'Убрать аптеку партнёра с карты (на неё ничто не ссылается)',
  tag: TAG,
  params: id,
  response: partnerView,
  handle: ({ params, actor }) => removeOutlet(db(), actor, params.id),
})

export const listPartnerProductsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/partners/{id}/products',
  permission: 'catalog.read',
  summary: 'Товары, которые продаёт партнёр, со ссылками на них у партнёра',
  tag: TAG,
  params: id,
  response: partnerProductList,
  handle: ({ params }) => listPartnerProducts(db(), params.id),
})

export const addPartnerProductEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/partners/{id}/products',
  permission: 'content.write',
  summary:
    'Партнёр продаёт товар: он появляется в «Где купить» товара; link — страница товара у партнёра (без неё — магазин партнёра)',
  tag: TAG,
  params: id,
  body: partnerProductInput,
  response: partnerProductList,
  handle: ({ params, body, actor }) => addPartnerProduct(db(), actor, params.id, body),
})

export const updatePartnerProductEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/partners/{id}/products/{productId}',
  permission: 'content.write',
  summary: 'Изменить ссылку на товар у партнёра',
  tag: TAG,
  params: partnerProduct,
  body: partnerProductPatch,
  response: partnerProductList,
  handle: ({ params, body, actor }) => updatePartnerProduct(db(), actor, params.id, params.productId, body),
})

export const removePartnerProductEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/admin/partners/{id}/products/{productId}',
  permission: 'content.write',
  summary: 'Партнёр больше не продаёт товар: он уходит из «Где купить» товара',
  tag: TAG,
  params: partnerProduct,
  response: partnerProductList,
  handle: ({ params, actor }) => removePartnerProduct(db(), actor, params.id, params.productId),
})

export const listDistributorsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/distributors',
  permission: 'catalog.read',
  summary: 'Дистрибьюторы — логотипы на главной',
  tag: TAG,
  response: distributorList,
  handle: () => listDistributors(db()),
})

export const createDistributorEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/distributors',
  permission: 'content.write',
  summary: 'Добавить дистрибьютора',
  tag: TAG,
  body: distributorInput,
  response: distributorView,
  handle: ({ body, actor }) => createDistributor(db(), actor, body),
})

export const readDistributorEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/distributors/{id}',
  permission: 'catalog.read',
  summary: 'Дистрибьютор',
  tag: TAG,
  params: id,
  response: distributorView,
  handle: ({ params }) => distributorById(db(), params.id),
})

export const updateDistributorEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/distributors/{id}',
  permission: 'content.write',
  summary: 'Изменить или скрыть дистрибьютора',
  tag: TAG,
  params: id,
  body: distributorPatch,
  response: distributorView,
  handle: ({ params, body, actor }) => updateDistributor(db(), actor, params.id, body),
})

export const partnerEndpoints = [
  listPartnersEndpoint,
  createPartnerEndpoint,
  readPartnerEndpoint,
  updatePartnerEndpoint,
  addOutletEndpoint,
  updateOutletEndpoint,
  removeOutletEndpoint,
  listPartnerProductsEndpoint,
  addPartnerProductEndpoint,
  updatePartnerProductEndpoint,
  removePartnerProductEndpoint,
  listDistributorsEndpoint,
  createDistributorEndpoint,
  readDistributorEndpoint,
  updateDistributorEndpoint,
]
