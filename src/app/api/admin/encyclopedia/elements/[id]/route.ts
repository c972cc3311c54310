import { encElementEndpoints } from '@/admin/api/content'

export const GET = encElementEndpoints.read.serve
export const PATCH = encElementEndpoints.update.serve
