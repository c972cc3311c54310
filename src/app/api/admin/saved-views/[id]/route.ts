import { deleteSavedViewEndpoint } from '@/admin/api/saved-views'

export const DELETE = deleteSavedViewEndpoint.serve
