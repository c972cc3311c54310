import { readBrandEndpoint, updateBrandEndpoint } from '@/admin/api/catalog-structure'

export const GET = readBrandEndpoint.serve
export const PATCH = updateBrandEndpoint.serve
