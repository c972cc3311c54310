import { reorderFeaturedSlidesEndpoint } from '@/admin/api/banners'

export const POST = reorderFeaturedSlidesEndpoint.serve
