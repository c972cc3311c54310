import { readDistributorEndpoint, updateDistributorEndpoint } from '@/admin/api/partners'

export const GET = readDistributorEndpoint.serve
export const PATCH = updateDistributorEndpoint.serve
