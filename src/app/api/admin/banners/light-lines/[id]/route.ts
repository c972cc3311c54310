import { readLightLineEndpoint, updateLightLineEndpoint } from '@/admin/api/banners'

export const GET = readLightLineEndpoint.serve
export const PATCH = updateLightLineEndpoint.serve
