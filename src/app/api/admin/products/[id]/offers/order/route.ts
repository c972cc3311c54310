import { reorderOffersEndpoint } from '@/admin/api/products'

export const POST = reorderOffersEndpoint.serve
