import { createSlideEndpoint, listSlidesEndpoint } from '@/admin/api/catalog-structure'

export const GET = listSlidesEndpoint.serve
export const POST = createSlideEndpoint.serve
