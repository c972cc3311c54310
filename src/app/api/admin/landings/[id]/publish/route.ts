import { publishLandingEndpoint } from '@/admin/api/landings'

export const POST = publishLandingEndpoint.serve
