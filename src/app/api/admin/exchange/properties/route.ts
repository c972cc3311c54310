import { mapExchangePropertyEndpoint, readExchangeProperties } from '@/admin/api/exchange'

export const GET = readExchangeProperties.serve
export const PATCH = mapExchangePropertyEndpoint.serve
