import { z } from 'zod'
import { db } from '@/db/client'
import {
  offerInput,
  offerOrderInput,
  offerPatch,
  offerView,
  productInput,
  productList,
  productListQuery,
  productPatch,
  productView,
  stockInput,
} from '@/domains/catalog/catalog-admin.schema'
import {
  addOffer,
  createProduct,
  deleteOffer,
  listProducts,
  productById,
  reorderOffers,
  setOfferStock,
  updateOffer,
  updateProduct,
} from '@/domains/catalog/catalog-admin.server'
import { wire } from '@/lib/ajax'
import { endpoint } from '../endpoint'

/** Products and their offers (issue 20, ADR 178): the content editor's and the warehouse's API. */
const id = z.object({ id: wire.id })
const TAG = 'Товары'

export const listProductsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/products',
  permission: 'catalog.read',
  summary: 'Товары (новые сначала): q — часть названия, кода или артикула; section и brand — коды; state — published или hidden',
  tag: TAG,
  query: productListQuery,
  response: productList,
  handle: ({ query }) => listProducts(db(), query),
})

export const createProductEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/products',
  permission: 'catalog.write',
  summary: 'Создать товар (скрытым: опубликовать можно, когда у него есть активное предложение); тексты — HTML, хранится очищенным',
  tag: TAG,
  body: productInput,
  response: productView,
  handle: ({ body, actor }) => createProduct(db(), actor, body),
})

export const readProductEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/products/{id}',
  permission: 'catalog.read',
  summary: 'Товар с предложениями, разделами, бейджами и старыми адресами',
  tag: TAG,
  params: id,
  response: productView,
  handle: ({ params }) => productById(db(), params.id),
})

export const updateProductEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/products/{id}',
  permission: 'catalog.write',
  summary: 'Изменить товар; новый код оставляет старый адрес работать (301 на новый)',
  tag: TAG,
  params: id,
  body: productPatch,
  response: productView,
  handle: ({ params, body, actor }) => updateProduct(db(), actor, params.id, body),
})

export const addOfferEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/products/{id}/offers',
  permission: 'catalog.write',
  summary: 'Добавить предложение (фасовка, вкус, цена в копейках, остаток); встаёт последним',
  tag: TAG,
  params: id,
  body: offerInput,
  response: offerView,
  handle: ({ params, body, actor }) => addOffer(db(), actor, params.id, body),
})

export const reorderOffersEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/products/{id}/offers/order',
  permission: 'catalog.write',
  summary: 'Порядок предложений товара: все их номера, первое показывается первым',
  tag: TAG,
  params: id,
  body: offerOrderInput,
  response: productView,
  handle: ({ params, body, actor }) => reorderOffers(db(), actor, params.id, body),
})

export const updateOfferEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/offers/{id}',
  permission: 'catalog.write',
  summary: 'Изменить предложение (без остатка); active: false — выключить',
  tag: TAG,
  params: id,
  body: offerPatch,
  response: offerView,
  handle: ({ params, body, actor }) => updateOffer(db(), actor, params.id, body),
})

export const deleteOfferEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/admin/offers/{id}',
  permission: 'catalog.write',
  summary: 'Удалить предложение, которое ни разу не заказывали (заказанное — только выключить)',
  tag: TAG,
  params: id,
  response: z.object({ deleted: z.literal(true) }),
  handle: ({ params, actor }) => deleteOffer(db(), actor, params.id),
})

export const setOfferStockEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/offers/{id}/stock',
  permission: 'stock.write',
  summary: 'Остаток предложения (склад); null — не учитывается',
  tag: TAG,
  params: id,
  body: stockInput,
  response: offerView,
  handle: ({ params, body, actor }) => setOfferStock(db(), actor, params.id, body),
})

export const productEndpoints = [
  listProductsEndpoint,
  createProductEndpoint,
  readProductEndpoint,
  updateProductEndpoint,
  addOfferEndpoint,
  reorderOffersEndpoint,
  updateOfferEndpoint,
  deleteOfferEndpoint,
  setOfferStockEndpoint,
]
