import { z } from 'zod'

/**
 * The back office's view of the carriers' points (issue 22, ADR 195): per carrier, the cities whose
 * points are loaded into carrier_points, and the on-demand refresh of one city.
 */
export const CARRIER_POINTS_CARRIERS = [
  { code: 'cdek', name: 'СДЭК', settings: ['CDEK_CLIENT_ID', 'CDEK_CLIENT_SECRET'] },
  { code: 'boxberry', name: 'Boxberry', settings: ['BOXBERRY_TOKEN'] },
  { code: 'pochta', name: 'Почта России', settings: ['POCHTA_TOKEN', 'POCHTA_LOGIN', 'POCHTA_PASSWORD'] },
] as const

export const CARRIER_POINTS_MESSAGES = {
  unknownCarrier: 'Такого перевозчика нет.',
  notConfigured: 'Перевозчик не подключён: задайте его ключи в настройках.',
  unknownCity: 'Такого города нет в справочнике.',
  notServed: 'Город не обслуживается перевозчиком: пунктов в нём нет.',
  down: 'Перевозчик не ответил. Прежние пункты города остались; попробуйте позже.',
  busy: 'Пункты этого города уже обновляются. Обновите страницу через минуту.',
} as const

export const carrierPointsQuery = z.object({
  /** Part of a city's name (or its code); empty: all the loaded cities, the largest first. */
  city: z.string().trim().max(100).optional().default(''),
})

export const carrierCityView = z.object({
  cityCode: z.string(),
  cityName: z.string(),
  region: z.string(),
  points: z.number().int(),
  served: z.boolean(),
  refreshedAt: z.string().nullable(),
  lastError: z.string(),
})
export type CarrierCityView = z.infer<typeof carrierCityView>

export const carrierPointsView = z.object({
  code: z.string(),
  name: z.string(),
  configured: z.boolean(),
  /** The settings it needs to be connected. */
  settings: z.array(z.string()),
  /** All the cities it has rows for, whatever the search. */
  citiesTotal: z.number().int(),
  /** The cities matching the search, at most CITY_LIMIT. */
  cities: z.array(carrierCityView),
})
export type CarrierPointsView = z.infer<typeof carrierPointsView>

export const carrierRefreshParams = z.object({
  carrier: z.string().max(40),
  city: z.string().max(100),
})

export const carrierRefreshView = z.object({
  status: z.enum(['refreshed', 'not-served', 'failed', 'busy']),
  points: z.number().int().nullable(),
  /** What happened, in Russian, for the page. */
  message: z.string(),
})
export type CarrierRefreshView = z.infer<typeof carrierRefreshView>
