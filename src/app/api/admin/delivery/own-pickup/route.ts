import { putOwnPickupTermsEndpoint, readOwnPickupTermsEndpoint } from '@/admin/api/delivery'

export const GET = readOwnPickupTermsEndpoint.serve
export const POST = putOwnPickupTermsEndpoint.serve
