import { updateFilterOptionEndpoint } from '@/admin/api/filter-properties'

export const PATCH = updateFilterOptionEndpoint.serve
