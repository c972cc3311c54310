import { createDistributorEndpoint, listDistributorsEndpoint } from '@/admin/api/partners'

export const GET = listDistributorsEndpoint.serve
export const POST = createDistributorEndpoint.serve
