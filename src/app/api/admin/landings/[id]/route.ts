import { readLandingEndpoint, updateLandingEndpoint } from '@/admin/api/landings'

export const GET = readLandingEndpoint.serve
export const PATCH = updateLandingEndpoint.serve
