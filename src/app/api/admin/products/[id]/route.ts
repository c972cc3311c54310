import { readProductEndpoint, updateProductEndpoint } from '@/admin/api/products'

export const GET = readProductEndpoint.serve
export const PATCH = updateProductEndpoint.serve
