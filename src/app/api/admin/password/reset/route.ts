import { askReset } from '@/admin/api/session'

export const POST = askReset
