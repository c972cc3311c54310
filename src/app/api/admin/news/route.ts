import { newsEndpoints } from '@/admin/api/content'

export const GET = newsEndpoints.list.serve
export const POST = newsEndpoints.create.serve
