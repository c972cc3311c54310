import { z } from 'zod'
import { db } from '@/db/client'
import { brandList, brandPatch, brandInput, brandView, sectionInput, sectionList, sectionOrderInput, sectionPatch, sectionView } from '@/domains/catalog/catalog-structure.schema'
import {
  brandById,
  createBrand,
  createSection,
  listBrands,
  listSections,
  reorderSections,
  sectionById,
  updateBrand,
  updateSection,
} from '@/domains/catalog/catalog-structure.server'
import { showcaseOrderInput, showcaseTabInput, showcaseTabList, showcaseTabPatch, showcaseTabView } from '@/domains/catalog/catalog-structure-showcases.schema'
import { createShowcaseTab, deleteShowcaseTab, listShowcaseTabs, reorderShowcaseTabs, updateShowcaseTab } from '@/domains/catalog/catalog-structure-showcases.server'
import { slideInput, slideList, slideOrderInput, slidePatch, slideView } from '@/domains/catalog/showcase-slides.schema'
import { createSlide, listSlides, reorderSlides, updateSlide } from '@/domains/catalog/showcase-slides.server'
import { wire } from '@/lib/ajax'
import { endpoint } from '../endpoint'

/** Sections by purpose and brands (issue 20, ADR 192): the catalogue's structure. */
const id = z.object({ id: wire.id })
const TAG = 'Разделы и бренды'

export const listSectionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/sections',
  permission: 'catalog.read',
  summary: 'Разделы по назначению в порядке меню, с числом товаров',
  tag: TAG,
  response: sectionList,
  handle: () => listSections(db()),
})

export const createSectionEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/sections',
  permission: 'catalog.write',
  summary: 'Создать раздел; встаёт последним в меню',
  tag: TAG,
  body: sectionInput,
  response: sectionView,
  handle: ({ body, actor }) => createSection(db(), actor, body),
})

export const readSectionEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/sections/{id}',
  permission: 'catalog.read',
  summary: 'Раздел',
  tag: TAG,
  params: id,
  response: sectionView,
  handle: ({ params }) => sectionById(db(), params.id),
})

export const updateSectionEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/sections/{id}',
  permission: 'catalog.write',
  summary: 'Изменить раздел; код раздела, в котором есть товары, не меняется (он в адресах товаров)',
  tag: TAG,
  params: id,
  body: sectionPatch,
  response: sectionView,
  handle: ({ params, body, actor }) => updateSection(db(), actor, params.id, body),
})

export const reorderSectionsEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/sections/order',
  permission: 'catalog.write',
  summary: 'Порядок разделов в меню: номера всех разделов, первый показывается первым',
  tag: TAG,
  body: sectionOrderInput,
  response: sectionList,
  handle: ({ body, actor }) => reorderSections(db(), actor, body),
})

export const listBrandsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/brands',
  permission: 'catalog.read',
  summary: 'Бренды с числом товаров',
  tag: TAG,
  response: brandList,
  handle: () => listBrands(db()),
})

export const createBrandEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/brands',
  permission: 'catalog.write',
  summary: 'Создать бренд',
  tag: TAG,
  body: brandInput,
  response: brandView,
  handle: ({ body, actor }) => createBrand(db(), actor, body),
})

export const readBrandEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/brands/{id}',
  permission: 'catalog.read',
  summary: 'Бренд',
  tag: TAG,
  params: id,
  response: brandView,
  handle: ({ params }) => brandById(db(), params.id),
})

export const updateBrandEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/brands/{id}',
  permission: 'catalog.write',
  summary: 'Изменить бренд (название, код, описание, логотип, показ на сайте)',
  tag: TAG,
  params: id,
  body: brandPatch,
  response: brandView,
  handle: ({ params, body, actor }) => updateBrand(db(), actor, params.id, body),
})

export const listShowcaseTabsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/showcases',
  permission: 'catalog.read',
  summary: 'Вкладки витрин главной страницы (популярные товары, наборы от экспертов) по блокам и порядку',
  tag: 'Витрины главной',
  response: showcaseTabList,
  handle: () => listShowcaseTabs(db()),
})

export const updateShowcaseTabEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/showcases/{id}',
  permission: 'content.write',
  summary: 'Изменить вкладку: название, якорь, показ; productCodes — товары вкладки «вручную» по порядку',
  tag: 'Витрины главной',
  params: id,
  body: showcaseTabPatch,
  response: showcaseTabView,
  handle: ({ params, body, actor }) => updateShowcaseTab(db(), actor, params.id, body),
})

export const reorderShowcaseTabsEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/showcases/order',
  permission: 'content.write',
  summary: 'Порядок вкладок блока: все вкладки блока по одному разу',
  tag: 'Витрины главной',
  body: showcaseOrderInput,
  response: showcaseTabList,
  handle: ({ body, actor }) => reorderShowcaseTabs(db(), actor, body),
})

export const createShowcaseTabEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/showcases',
  permission: 'content.write',
  summary: 'Новая вкладка блока (ADR 204): название, якорь, правило подбора товаров (у наборов от экспертов — только вручную); встаёт последней',
  tag: 'Витрины главной',
  body: showcaseTabInput,
  response: showcaseTabView,
  handle: ({ body, actor }) => createShowcaseTab(db(), actor, body),
})

export const deleteShowcaseTabEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/admin/showcases/{id}',
  permission: 'content.write',
  summary: 'Удалить вкладку с её товарами и слайдами; последняя вкладка блока не удаляется',
  tag: 'Витрины главной',
  params: id,
  response: showcaseTabList,
  handle: ({ params, actor }) => deleteShowcaseTab(db(), actor, params.id),
})

export const listSlidesEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/showcases/{id}/slides',
  permission: 'catalog.read',
  summary: 'Слайды вкладки «Наборы от экспертов» по порядку, скрытые тоже (ADR 204)',
  tag: 'Витрины главной',
  params: id,
  response: slideList,
  handle: ({ params }) => listSlides(db(), params.id),
})

export const createSlideEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/showcases/{id}/slides',
  permission: 'content.write',
  summary: 'Новый слайд набора: код товара (цена — из его первого активного предложения), заголовок, текст, ссылка, картинка; встаёт последним',
  tag: 'Витрины главной',
  params: id,
  body: slideInput,
  response: slideView,
  handle: ({ params, body, actor }) => createSlide(db(), actor, params.id, body),
})

export const reorderSlidesEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/showcases/{id}/slides/order',
  permission: 'content.write',
  summary: 'Порядок слайдов вкладки: все слайды вкладки по одному разу',
  tag: 'Витрины главной',
  params: id,
  body: slideOrderInput,
  response: slideList,
  handle: ({ params, body, actor }) => reorderSlides(db(), actor, params.id, body),
})

export const updateSlideEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/showcase-slides/{id}',
  permission: 'content.write',
  summary: 'Изменить слайд: заголовок, текст, ссылка (путь на сайте или https), картинка, упаковка, «набор», показ; слайды не удаляются, а скрываются',
  tag: 'Витрины главной',
  params: id,
  body: slidePatch,
  response: slideView,
  handle: ({ params, body, actor }) => updateSlide(db(), actor, params.id, body),
})

export const catalogStructureEndpoints = [
  listSectionsEndpoint,
  createSectionEndpoint,
  readSectionEndpoint,
  updateSectionEndpoint,
  reorderSectionsEndpoint,
  listBrandsEndpoint,
  createBrandEndpoint,
  readBrandEndpoint,
  updateBrandEndpoint,
  listShowcaseTabsEndpoint,
  updateShowcaseTabEndpoint,
  reorderShowcaseTabsEndpoint,
  createShowcaseTabEndpoint,
  deleteShowcaseTabEndpoint,
  listSlidesEndpoint,
  createSlideEndpoint,
  reorderSlidesEndpoint,
  updateSlideEndpoint,
]
