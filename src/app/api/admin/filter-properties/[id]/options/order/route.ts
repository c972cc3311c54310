import { reorderFilterOptionsEndpoint } from '@/admin/api/filter-properties'

export const POST = reorderFilterOptionsEndpoint.serve
