import { saveStockGridEndpoint, stockGridEndpoint } from '@/admin/api/stock'

export const GET = stockGridEndpoint.serve
export const PATCH = saveStockGridEndpoint.serve
