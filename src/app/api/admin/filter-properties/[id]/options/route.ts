import { createFilterOptionEndpoint } from '@/admin/api/filter-properties'

export const POST = createFilterOptionEndpoint.serve
