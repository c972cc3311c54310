import { listB2bRequestsEndpoint } from '@/admin/api/inbox'

export const GET = listB2bRequestsEndpoint.serve
