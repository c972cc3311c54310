import { createProductEndpoint, listProductsEndpoint } from '@/admin/api/products'

export const GET = listProductsEndpoint.serve
export const POST = createProductEndpoint.serve
