import { replyEndpoint } from '@/admin/api/inbox'

export const POST = replyEndpoint.serve
