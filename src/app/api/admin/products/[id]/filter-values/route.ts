import { readProductFilterValuesEndpoint, setProductFilterValuesEndpoint } from '@/admin/api/filter-properties'

export const GET = readProductFilterValuesEndpoint.serve
export const POST = setProductFilterValuesEndpoint.serve
