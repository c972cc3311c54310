import { createFeaturedSlideEndpoint } from '@/admin/api/banners'

export const POST = createFeaturedSlideEndpoint.serve
