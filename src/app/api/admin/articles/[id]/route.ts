import { articleEndpoints } from '@/admin/api/content'

export const GET = articleEndpoints.read.serve
export const PATCH = articleEndpoints.update.serve
