import { moderateReviewEndpoint } from '@/admin/api/inbox'

export const POST = moderateReviewEndpoint.serve
