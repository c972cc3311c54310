import { setPassword } from '@/admin/api/session'

export const POST = setPassword
