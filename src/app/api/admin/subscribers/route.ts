import { listSubscribersEndpoint } from '@/admin/api/inbox'

export const GET = listSubscribersEndpoint.serve
