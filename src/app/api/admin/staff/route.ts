import { inviteStaffMember, listStaff } from '@/admin/api/staff'

export const GET = listStaff.serve
export const POST = inviteStaffMember.serve
