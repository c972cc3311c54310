import { z } from 'zod'
import { db } from '@/db/client'
import { exchangeLogQuery, groupMappingInput, propertyMappingInput } from '@/domains/exchange/exchange-admin'
import { exchangeGroupsView, exchangeLogView, exchangePropertiesView, mapExchangeProperty, mapGroup } from '@/domains/exchange/exchange-admin.server'
import { endpoint } from '../endpoint'

const logView = z.object({
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  items: z.array(
    z.object({
      id: z.number(),
      at: z.string(),
      sessionId: z.number().nullable().describe('Сеанс обмена (checkauth); null — отказ при входе'),
      account: z.string().nullable().describe('Учётная запись, под которой пришла 1С'),
      type: z.string().describe('catalog или sale'),
      mode: z.string().describe('checkauth, init, file, import, query, success'),
      filename: z.string(),
      outcome: z.string().describe('success, progress или failure — как ответил сайт'),
      message: z.string(),
      counts: z.record(z.string(), z.number()).nullable().describe('Счётчики шага загрузки или файла заказов'),
    }),
  ),
})

const groupsView = z.object({
  groups: z.array(
    z.object({
      externalId: z.string().describe('Ид группы в 1С'),
      name: z.string(),
      parentName: z.string().nullable(),
      sectionId: z.number(),
      sectionName: z.string(),
      mapped: z.boolean().describe('true — раздел выбран в панели, загрузка его не меняет'),
    }),
  ),
  sections: z.array(z.object({ id: z.number(), name: z.string(), active: z.boolean() })),
})

export const readExchangeLog = endpoint({
  method: 'GET',
  path: '/api/admin/exchange/log',
  permission: 'settings.read',
  summary: 'Журнал обмена с 1С: входы, файлы, шаги загрузки со счётчиками и ошибками, выгрузки заказов (новые сначала, по 50)',
  tag: 'Обмен с 1С',
  query: exchangeLogQuery,
  response: logView,
  handle: ({ query }) => exchangeLogView(db(), query),
})

export const readExchangeGroups = endpoint({
  method: 'GET',
  path: '/api/admin/exchange/groups',
  permission: 'catalog.read',
  summary: 'Группы 1С и разделы магазина, куда попадают их товары',
  tag: 'Обмен с 1С',
  response: groupsView,
  handle: () => exchangeGroupsView(db()),
})

export const mapExchangeGroup = endpoint({
  method: 'PATCH',
  path: '/api/admin/exchange/groups',
  permission: 'catalog.write',
  summary: 'Сопоставить группу 1С с разделом магазина (следующие загрузки сопоставление не меняют)',
  tag: 'Обмен с 1С',
  body: groupMappingInput,
  response: groupsView,
  handle: ({ body, actor }) => mapGroup(db(), actor, body),
})

const propertiesView = z.object({
  properties: z.array(
    z.object({
      externalId: z.string().describe('Ид свойства в 1С'),
      name: z.string(),
      valueType: z.string().describe('ТипЗначений из 1С: Справочник, Строка, Число…'),
      values: z.number().describe('Сколько значений справочника 1С передала'),
      filterPropertyId: z
        .number()
        .nullable()
        .describe('Свойство фильтра, которое заполняют значения; null — не в фильтре'),
      filterPropertyName: z.string().nullable(),
    }),
  ),
  filterProperties: z.array(
    z.object({ id: z.number(), name: z.string(), code: z.string(), active: z.boolean() }),
  ),
})

export const readExchangeProperties = endpoint({
  method: 'GET',
  path: '/api/admin/exchange/properties',
  permission: 'catalog.read',
  summary: 'Свойства 1С и свойства фильтра каталога, которые заполняют их значения',
  tag: 'Обмен с 1С',
  response: propertiesView,
  handle: () => exchangePropertiesView(db()),
})

export const mapExchangePropertyEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/admin/exchange/properties',
  permission: 'catalog.write',
  summary:
    'Сопоставить свойство 1С со свойством фильтра (null — не в фильтре). Значения товаров заполняются при следующей загрузке; загрузки сопоставление не меняют',
  tag: 'Обмен с 1С',
  body: propertyMappingInput,
  response: propertiesView,
  handle: ({ body, actor }) => mapExchangeProperty(db(), actor, body),
})

export const exchangeEndpoints = [readExchangeLog, readExchangeGroups, mapExchangeGroup, readExchangeProperties, mapExchangePropertyEndpoint]
