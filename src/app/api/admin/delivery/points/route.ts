import { createOwnPointEndpoint, listOwnPointsEndpoint } from '@/admin/api/delivery'

export const GET = listOwnPointsEndpoint.serve
export const POST = createOwnPointEndpoint.serve
