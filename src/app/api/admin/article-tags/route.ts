import { articleTagsEndpoint } from '@/admin/api/content'

export const GET = articleTagsEndpoint.serve
