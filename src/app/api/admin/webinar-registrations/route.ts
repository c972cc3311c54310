import { listWebinarRegistrationsEndpoint } from '@/admin/api/inbox'

export const GET = listWebinarRegistrationsEndpoint.serve
