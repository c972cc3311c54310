import { z } from 'zod'
import { db } from '@/db/client'
import {
  filterOptionInput,
  filterOptionOrderInput,
  filterOptionPatch,
  filterPropertyInput,
  filterPropertyList,
  filterPropertyOrderInput,
  filterPropertyPatch,
  filterPropertyView,
  productFilterValuesInput,
  productFilterValuesView,
} from '@/domains/catalog/filter-properties.schema'
import {
  createFilterOption,
  createFilterProperty,
  filterPropertyById,
  listFilterProperties,
  readProductFilterValues,
  reorderFilterOptions,
  reorderFilterProperties,
  setProductFilterValues,
  updateFilterOption,
  updateFilterProperty,
} from '@/domains/catalog/filter-properties.server'
import { wire } from '@/lib/ajax'
import { endpoint } from '../endpoint'

/** The catalogue filter's properties, their values and products' values (issue 20, ADR 204). */
const id = z.object({ id: wire.id })
const TAG = 'Свойства фильтра'

export const listFilterPropertiesEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/filter-properties',
  permission: 'catalog.read',
  summary: 'Свойства фильтра каталога в их порядке, со значениями и числом товаров у каждого значения',
  tag: TAG,
  response: filterPropertyList,
  handle: () => listFilterProperties(db()),
})

export const createFilterPropertyEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/filter-properties',
  permission: 'catalog.write',
  summary: 'Создать свойство фильтра; встаёт последним. Без разделов — фильтрует все списки',
  tag: TAG,
  body: filterPropertyInput,
  response: filterPropertyView,
  handle: ({ body, actor }) => createFilterProperty(db(), actor, body),
})

export const reorderFilterPropertiesEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/filter-properties/order',
  permission: 'catalog.write',
  summary: 'Порядок свойств в фильтре: номера всех свойств',
  tag: TAG,
  body: filterPropertyOrderInput,
  response: filterPropertyList,
  handle: ({ body, actor }) => reorderFilterProperties(db(), actor, body),
})

export const readFilterPropertyEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/filter-properties/{id}',
  permission: 'catalog.read',
  summary: 'Свойство фильтра со значениями',
  tag: TAG,
  params: id,
  response: filterPropertyView,
  handle: ({ params }) => filterPropertyById(db(), params.id),
})

export const updateFilterPropertyEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/filter-properties/{id}',
  permission: 'catalog.write',
  summary: 'Изменить свойство: название, код (параметр адреса p_код), показ, разделы, которые оно фильтрует',
  tag: TAG,
  params: id,
  body: filterPropertyPatch,
  response: filterPropertyView,
  handle: ({ params, body, actor }) => updateFilterProperty(db(), actor, params.id, body),
})

export const createFilterOptionEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/filter-properties/{id}/options',
  permission: 'catalog.write',
  summary: 'Добавить значение свойства; встаёт последним',
  tag: TAG,
  params: id,
  body: filterOptionInput,
  response: filterPropertyView,
  handle: ({ params, body, actor }) => createFilterOption(db(), actor, params.id, body),
})

export const reorderFilterOptionsEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/filter-properties/{id}/options/order',
  permission: 'catalog.write',
  summary: 'Порядок значений свойства: номера всех его значений',
  tag: TAG,
  params: id,
  body: filterOptionOrderInput,
  response: filterPropertyView,
  handle: ({ params, body, actor }) => reorderFilterOptions(db(), actor, params.id, body),
})

export const updateFilterOptionEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/filter-options/{id}',
  permission: 'catalog.write',
  summary: 'Переименовать значение свойства или сменить его код; ответ — всё свойство',
  tag: TAG,
  params: id,
  body: filterOptionPatch,
  response: filterPropertyView,
  handle: ({ params, body, actor }) => updateFilterOption(db(), actor, params.id, body),
})

export const readProductFilterValuesEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/products/{id}/filter-values',
  permission: 'catalog.read',
  summary: 'Значения свойств фильтра у товара',
  tag: TAG,
  params: id,
  response: productFilterValuesView,
  handle: ({ params }) => readProductFilterValues(db(), params.id),
})

export const setProductFilterValuesEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/products/{id}/filter-values',
  permission: 'catalog.write',
  summary: 'Заменить значения свойств фильтра у товара списком номеров значений (пустой список — без значений)',
  tag: TAG,
  params: id,
  body: productFilterValuesInput,
  response: productFilterValuesView,
  handle: ({ params, body, actor }) => setProductFilterValues(db(), actor, params.id, body),
})

export const filterPropertyEndpoints = [
  listFilterPropertiesEndpoint,
  createFilterPropertyEndpoint,
  reorderFilterPropertiesEndpoint,
  readFilterPropertyEndpoint,
  updateFilterPropertyEndpoint,
  createFilterOptionEndpoint,
  reorderFilterOptionsEndpoint,
  updateFilterOptionEndpoint,
  readProductFilterValuesEndpoint,
  setProductFilterValuesEndpoint,
]
