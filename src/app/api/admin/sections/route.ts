import { createSectionEndpoint, listSectionsEndpoint } from '@/admin/api/catalog-structure'

export const GET = listSectionsEndpoint.serve
export const POST = createSectionEndpoint.serve
