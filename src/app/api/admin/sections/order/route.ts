import { reorderSectionsEndpoint } from '@/admin/api/catalog-structure'

export const POST = reorderSectionsEndpoint.serve
