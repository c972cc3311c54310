import { readFeaturedSlideEndpoint, updateFeaturedSlideEndpoint } from '@/admin/api/banners'

export const GET = readFeaturedSlideEndpoint.serve
export const PATCH = updateFeaturedSlideEndpoint.serve
