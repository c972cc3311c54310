import { reorderFilterPropertiesEndpoint } from '@/admin/api/filter-properties'

export const POST = reorderFilterPropertiesEndpoint.serve
