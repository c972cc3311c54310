import { addOfferEndpoint } from '@/admin/api/products'

export const POST = addOfferEndpoint.serve
