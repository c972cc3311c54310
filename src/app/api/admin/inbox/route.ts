import { inboxCountsEndpoint } from '@/admin/api/inbox'

export const GET = inboxCountsEndpoint.serve
