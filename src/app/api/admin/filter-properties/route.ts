import { createFilterPropertyEndpoint, listFilterPropertiesEndpoint } from '@/admin/api/filter-properties'

export const GET = listFilterPropertiesEndpoint.serve
export const POST = createFilterPropertyEndpoint.serve
