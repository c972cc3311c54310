import { addPartnerProductEndpoint, listPartnerProductsEndpoint } from '@/admin/api/partners'

export const GET = listPartnerProductsEndpoint.serve
export const POST = addPartnerProductEndpoint.serve
