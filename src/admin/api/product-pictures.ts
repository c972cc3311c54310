import { z } from 'zod'
import { db } from '@/db/client'
import { MAX_PICTURE_BYTES, PICTURE_MESSAGES } from '@/domains/media/media'
import { pictureList, pictureOrderInput, pictureParams, picturePatch, pictureUploadQuery } from '@/domains/media/media.schema'
import { deletePicture, listPictures, reorderPictures, updatePicture, uploadPicture } from '@/domains/media/product-pictures.server'
import { wire } from '@/lib/ajax'
import { endpoint } from '../endpoint'

/** A product's pictures (issue 20, ADR 184): every answer is the product's whole list, main first. */
const id = z.object({ id: wire.id })
const TAG = 'Товары'

export const listPicturesEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/products/{id}/pictures',
  permission: 'catalog.read',
  summary: 'Картинки товара по порядку (первая — главная) с адресами размеров thumb, card и gallery',
  tag: TAG,
  params: id,
  response: pictureList,
  handle: ({ params }) => listPictures(db(), params.id),
})

export const uploadPictureEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/products/{id}/pictures',
  permission: 'catalog.write',
  summary: 'Загрузить картинку: тело запроса — сам файл JPEG, PNG или WebP (не больше 10 МБ); alt — описание; встаёт последней',
  tag: TAG,
  params: id,
  query: pictureUploadQuery,
  upload: { mediaTypes: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: MAX_PICTURE_BYTES, tooLarge: PICTURE_MESSAGES.size },
  response: pictureList,
  handle: ({ params, query, bytes, actor }) => uploadPicture(db(), actor, params.id, bytes, query),
})

export const reorderPicturesEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/products/{id}/pictures/order',
  permission: 'catalog.write',
  summary: 'Порядок картинок товара: все их номера, первая становится главной',
  tag: TAG,
  params: id,
  body: pictureOrderInput,
  response: pictureList,
  handle: ({ params, body, actor }) => reorderPictures(db(), actor, params.id, body),
})

export const updatePictureEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/products/{id}/pictures/{pictureId}',
  permission: 'catalog.write',
  summary: 'Описание картинки (alt); main: true — сделать главной',
  tag: TAG,
  params: pictureParams,
  body: picturePatch,
  response: pictureList,
  handle: ({ params, body, actor }) => updatePicture(db(), actor, params.id, params.pictureId, body),
})

export const deletePictureEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/admin/products/{id}/pictures/{pictureId}',
  permission: 'catalog.write',
  summary: 'Удалить картинку; у товара без картинок на витрине снова рисунок упаковки',
  tag: TAG,
  params: pictureParams,
  response: pictureList,
  handle: ({ params, actor }) => deletePicture(db(), actor, params.id, params.pictureId),
})

export const productPictureEndpoints = [listPicturesEndpoint, uploadPictureEndpoint, reorderPicturesEndpoint, updatePictureEndpoint, deletePictureEndpoint]
