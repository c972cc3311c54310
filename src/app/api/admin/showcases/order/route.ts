import { reorderShowcaseTabsEndpoint } from '@/admin/api/catalog-structure'

export const POST = reorderShowcaseTabsEndpoint.serve
