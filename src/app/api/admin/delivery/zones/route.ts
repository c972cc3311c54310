import { listCourierZonesEndpoint } from '@/admin/api/delivery'

export const GET = listCourierZonesEndpoint.serve
