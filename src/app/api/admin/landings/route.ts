import { createLandingEndpoint, listLandingsEndpoint } from '@/admin/api/landings'

export const GET = listLandingsEndpoint.serve
export const POST = createLandingEndpoint.serve
