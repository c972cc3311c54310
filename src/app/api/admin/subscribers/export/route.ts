import { exportSubscribersEndpoint } from '@/admin/api/inbox'

export const GET = exportSubscribersEndpoint.serve
