import { createPartnerEndpoint, listPartnersEndpoint } from '@/admin/api/partners'

export const GET = listPartnersEndpoint.serve
export const POST = createPartnerEndpoint.serve
