import { discardLandingDraftEndpoint, saveLandingDraftEndpoint } from '@/admin/api/landings'

export const POST = saveLandingDraftEndpoint.serve
export const DELETE = discardLandingDraftEndpoint.serve
