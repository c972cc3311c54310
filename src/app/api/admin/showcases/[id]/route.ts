import { deleteShowcaseTabEndpoint, updateShowcaseTabEndpoint } from '@/admin/api/catalog-structure'

export const PATCH = updateShowcaseTabEndpoint.serve
export const DELETE = deleteShowcaseTabEndpoint.serve
