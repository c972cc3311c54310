import { updateSlideEndpoint } from '@/admin/api/catalog-structure'

export const PATCH = updateSlideEndpoint.serve
