import { updateShowcaseTabEndpoint } from '@/admin/api/catalog-structure'

export const PATCH = updateShowcaseTabEndpoint.serve
