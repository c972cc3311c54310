import { reorderSlidesEndpoint } from '@/admin/api/catalog-structure'

export const POST = reorderSlidesEndpoint.serve
