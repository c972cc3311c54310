import { updateEncSectionEndpoint } from '@/admin/api/content'

export const PATCH = updateEncSectionEndpoint.serve
