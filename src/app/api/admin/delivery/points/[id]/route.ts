import { readOwnPointEndpoint, updateOwnPointEndpoint } from '@/admin/api/delivery'

export const GET = readOwnPointEndpoint.serve
export const PATCH = updateOwnPointEndpoint.serve
