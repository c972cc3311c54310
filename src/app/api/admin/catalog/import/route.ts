import { importCatalogEndpoint } from '@/admin/api/catalog-import'

export const POST = importCatalogEndpoint.serve
