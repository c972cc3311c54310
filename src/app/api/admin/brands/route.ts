import { createBrandEndpoint, listBrandsEndpoint } from '@/admin/api/catalog-structure'

export const GET = listBrandsEndpoint.serve
export const POST = createBrandEndpoint.serve
