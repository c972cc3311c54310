import { removePartnerProductEndpoint, updatePartnerProductEndpoint } from '@/admin/api/partners'

export const PATCH = updatePartnerProductEndpoint.serve
export const DELETE = removePartnerProductEndpoint.serve
