import { setOfferStockEndpoint } from '@/admin/api/products'

export const PATCH = setOfferStockEndpoint.serve
