import { createEcoPointEndpoint, listEcoPointsEndpoint } from '@/admin/api/eco'

export const GET = listEcoPointsEndpoint.serve
export const POST = createEcoPointEndpoint.serve
