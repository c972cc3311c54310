import { createShowcaseTabEndpoint, listShowcaseTabsEndpoint } from '@/admin/api/catalog-structure'

export const GET = listShowcaseTabsEndpoint.serve
export const POST = createShowcaseTabEndpoint.serve
