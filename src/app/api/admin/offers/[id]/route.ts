import { deleteOfferEndpoint, updateOfferEndpoint } from '@/admin/api/products'

export const PATCH = updateOfferEndpoint.serve
export const DELETE = deleteOfferEndpoint.serve
