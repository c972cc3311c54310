import { turnOffTotp } from '@/admin/api/staff'

export const POST = turnOffTotp.serve
