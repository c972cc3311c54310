import { z } from 'zod'
import { db } from '@/db/client'
import {
  bannerList,
  bannerOrderInput,
  featuredSlideInput,
  featuredSlidePatch,
  featuredSlideView,
  lightLineInput,
  lightLinePatch,
  lightLineView,
} from '@/domains/banners/banners.schema'
import {
  createFeaturedSlide,
  createLightLine,
  featuredSlideById,
  lightLineById,
  listBanners,
  reorderFeaturedSlides,
  reorderLightLines,
  updateFeaturedSlide,
  updateLightLine,
} from '@/domains/banners/banners.server'
import { MAX_PICTURE_BYTES, PICTURE_MESSAGES } from '@/domains/media/media'
import { libraryList, libraryListQuery, libraryPictureView, libraryUploadQuery } from '@/domains/media/media-library.schema'
import { deleteLibraryPicture, listLibrary, uploadLibraryPicture } from '@/domains/media/media-library.server'
import { wire } from '@/lib/ajax'
import { endpoint } from '../endpoint'

/** The home page's banners and the media library their pictures come from (issue 20, ADR 207). */
const id = z.object({ id: wire.id })
const TAG = 'Баннеры'

export const listBannersEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/banners',
  permission: 'catalog.read',
  summary: 'Слайды большого слайдера главной и полосы над шапкой по порядку, скрытые и запланированные тоже',
  tag: TAG,
  response: bannerList,
  handle: () => listBanners(db()),
})

export const createFeaturedSlideEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/banners/slides',
  permission: 'content.write',
  summary:
    'Новый слайд: код товара (цена и кнопка — от его первого активного предложения), заголовок, тексты, ссылка, картинка из медиатеки (pictureId), даты показа; встаёт последним',
  tag: TAG,
  body: featuredSlideInput,
  response: featuredSlideView,
  handle: ({ body, actor }) => createFeaturedSlide(db(), actor, body),
})

export const reorderFeaturedSlidesEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/banners/slides/order',
  permission: 'content.write',
  summary: 'Порядок слайдов: номера всех слайдов по одному разу, первый показывается первым',
  tag: TAG,
  body: bannerOrderInput,
  response: bannerList,
  handle: ({ body, actor }) => reorderFeaturedSlides(db(), actor, body),
})

export const readFeaturedSlideEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/banners/slides/{id}',
  permission: 'catalog.read',
  summary: 'Слайд',
  tag: TAG,
  params: id,
  response: featuredSlideView,
  handle: ({ params }) => featuredSlideById(db(), params.id),
})

export const updateFeaturedSlideEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/banners/slides/{id}',
  permission: 'content.write',
  summary:
    'Изменить слайд: товар, тексты, ссылка, картинка (pictureId; null — картинка товара), даты показа, показ; слайды не удаляются, а скрываются',
  tag: TAG,
  params: id,
  body: featuredSlidePatch,
  response: featuredSlideView,
  handle: ({ params, body, actor }) => updateFeaturedSlide(db(), actor, params.id, body),
})

export const createLightLineEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/banners/light-lines',
  permission: 'content.write',
  summary:
    'Новая полоса над шапкой: текст, ссылка и её текст, даты показа; встаёт последней (на сайте — первая показываемая по порядку)',
  tag: TAG,
  body: lightLineInput,
  response: lightLineView,
  handle: ({ body, actor }) => createLightLine(db(), actor, body),
})

export const reorderLightLinesEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/banners/light-lines/order',
  permission: 'content.write',
  summary: 'Порядок полос: номера всех полос по одному разу; на сайте — первая, которая показывается сейчас',
  tag: TAG,
  body: bannerOrderInput,
  response: bannerList,
  handle: ({ body, actor }) => reorderLightLines(db(), actor, body),
})

export const readLightLineEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/banners/light-lines/{id}',
  permission: 'catalog.read',
  summary: 'Полоса над шапкой',
  tag: TAG,
  params: id,
  response: lightLineView,
  handle: ({ params }) => lightLineById(db(), params.id),
})

export const updateLightLineEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/banners/light-lines/{id}',
  permission: 'content.write',
  summary: 'Изменить полосу: текст, ссылка, текст ссылки, даты показа, показ',
  tag: TAG,
  params: id,
  body: lightLinePatch,
  response: lightLineView,
  handle: ({ params, body, actor }) => updateLightLine(db(), actor, params.id, body),
})

export const listLibraryEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/media',
  permission: 'catalog.read',
  summary:
    'Медиатека: загруженные картинки (не товаров), новые первыми, по 60 на странице (page), поиск по описанию (q), с адресами размеров и srcset',
  tag: TAG,
  query: libraryListQuery,
  response: libraryList,
  handle: ({ query }) => listLibrary(db(), query),
})

export const deleteLibraryEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/admin/media/{id}',
  permission: 'content.write',
  summary:
    'Удалить картинку медиатеки с её файлами; картинку, которую показывает баннер, бренд или слайд набора, не удаляет (409 с их названиями)',
  tag: TAG,
  params: id,
  response: z.object({ id: z.number() }),
  handle: ({ params, actor }) => deleteLibraryPicture(db(), actor, params.id),
})

export const uploadLibraryEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/media',
  permission: 'content.write',
  summary:
    'Загрузить картинку в медиатеку: тело запроса — сам файл JPEG, PNG или WebP (не больше 10 МБ); alt — описание; тот же файл повторно — та же картинка',
  tag: TAG,
  query: libraryUploadQuery,
  upload: {
    mediaTypes: ['image/jpeg', 'image/png', 'image/webp'],
    maxBytes: MAX_PICTURE_BYTES,
    tooLarge: PICTURE_MESSAGES.size,
  },
  response: libraryPictureView,
  handle: ({ query, bytes, actor }) => uploadLibraryPicture(db(), actor, bytes, query),
})

export const bannerEndpoints = [
  listBannersEndpoint,
  createFeaturedSlideEndpoint,
  reorderFeaturedSlidesEndpoint,
  readFeaturedSlideEndpoint,
  updateFeaturedSlideEndpoint,
  createLightLineEndpoint,
  reorderLightLinesEndpoint,
  readLightLineEndpoint,
  updateLightLineEndpoint,
  listLibraryEndpoint,
  uploadLibraryEndpoint,
  deleteLibraryEndpoint,
]
