import { reorderPicturesEndpoint } from '@/admin/api/product-pictures'

export const POST = reorderPicturesEndpoint.serve
