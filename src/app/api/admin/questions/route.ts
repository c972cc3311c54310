import { listQuestionsEndpoint } from '@/admin/api/inbox'

export const GET = listQuestionsEndpoint.serve
