import { listShowcaseTabsEndpoint } from '@/admin/api/catalog-structure'

export const GET = listShowcaseTabsEndpoint.serve
