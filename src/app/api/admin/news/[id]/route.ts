import { newsEndpoints } from '@/admin/api/content'

export const GET = newsEndpoints.read.serve
export const PATCH = newsEndpoints.update.serve
