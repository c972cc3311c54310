import { listCarrierPointsEndpoint } from '@/admin/api/delivery'

export const GET = listCarrierPointsEndpoint.serve
