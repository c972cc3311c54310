import { readFilterPropertyEndpoint, updateFilterPropertyEndpoint } from '@/admin/api/filter-properties'

export const GET = readFilterPropertyEndpoint.serve
export const PATCH = updateFilterPropertyEndpoint.serve
