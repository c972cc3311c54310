import { encElementEndpoints } from '@/admin/api/content'

export const GET = encElementEndpoints.list.serve
export const POST = encElementEndpoints.create.serve
