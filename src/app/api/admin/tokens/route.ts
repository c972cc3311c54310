import { issueApiToken, listApiTokens } from '@/admin/api/staff'

export const GET = listApiTokens.serve
export const POST = issueApiToken.serve
