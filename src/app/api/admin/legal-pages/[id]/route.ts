import { legalEndpoints } from '@/admin/api/content'

export const GET = legalEndpoints.read.serve
export const PATCH = legalEndpoints.update.serve
