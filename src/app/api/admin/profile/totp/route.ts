import { turnOnTotp } from '@/admin/api/staff'

export const POST = turnOnTotp.serve
