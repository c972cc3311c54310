import { refreshCarrierPointsEndpoint } from '@/admin/api/delivery'

export const POST = refreshCarrierPointsEndpoint.serve
