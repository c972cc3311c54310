import { readEcoPointEndpoint, updateEcoPointEndpoint } from '@/admin/api/eco'

export const GET = readEcoPointEndpoint.serve
export const PATCH = updateEcoPointEndpoint.serve
