import { exportWebinarRegistrationsEndpoint } from '@/admin/api/webinars'

export const GET = exportWebinarRegistrationsEndpoint.serve
