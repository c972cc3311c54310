import { deleteCourierZoneEndpoint, putCourierZoneEndpoint } from '@/admin/api/delivery'

export const POST = putCourierZoneEndpoint.serve
export const DELETE = deleteCourierZoneEndpoint.serve
