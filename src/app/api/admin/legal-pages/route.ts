import { legalEndpoints } from '@/admin/api/content'

export const GET = legalEndpoints.list.serve
export const POST = legalEndpoints.create.serve
