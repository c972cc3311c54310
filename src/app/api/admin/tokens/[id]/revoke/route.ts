import { revokeApiToken } from '@/admin/api/staff'

export const POST = revokeApiToken.serve
