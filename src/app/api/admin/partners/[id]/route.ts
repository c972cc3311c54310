import { readPartnerEndpoint, updatePartnerEndpoint } from '@/admin/api/partners'

export const GET = readPartnerEndpoint.serve
export const PATCH = updatePartnerEndpoint.serve
