import { listReviewsEndpoint } from '@/admin/api/inbox'

export const GET = listReviewsEndpoint.serve
