import { createSavedViewEndpoint, listSavedViewsEndpoint } from '@/admin/api/saved-views'

export const GET = listSavedViewsEndpoint.serve
export const POST = createSavedViewEndpoint.serve
