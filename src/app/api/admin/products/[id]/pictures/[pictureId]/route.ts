import { deletePictureEndpoint, updatePictureEndpoint } from '@/admin/api/product-pictures'

export const PATCH = updatePictureEndpoint.serve
export const DELETE = deletePictureEndpoint.serve
