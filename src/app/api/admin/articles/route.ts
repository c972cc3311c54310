import { articleEndpoints } from '@/admin/api/content'

export const GET = articleEndpoints.list.serve
export const POST = articleEndpoints.create.serve
