import { reorderLightLinesEndpoint } from '@/admin/api/banners'

export const POST = reorderLightLinesEndpoint.serve
