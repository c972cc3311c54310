import { listMessagesEndpoint } from '@/admin/api/inbox'

export const GET = listMessagesEndpoint.serve
