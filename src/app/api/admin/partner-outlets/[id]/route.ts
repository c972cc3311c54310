import { removeOutletEndpoint, updateOutletEndpoint } from '@/admin/api/partners'

export const PATCH = updateOutletEndpoint.serve
export const DELETE = removeOutletEndpoint.serve
