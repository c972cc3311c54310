import { createLightLineEndpoint } from '@/admin/api/banners'

export const POST = createLightLineEndpoint.serve
