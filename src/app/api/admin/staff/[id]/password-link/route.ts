import { staffPasswordLink } from '@/admin/api/staff'

export const POST = staffPasswordLink.serve
