import { chooseNotifications } from '@/admin/api/staff'

export const POST = chooseNotifications.serve
