import { updateStaffMember } from '@/admin/api/staff'

export const PATCH = updateStaffMember.serve
