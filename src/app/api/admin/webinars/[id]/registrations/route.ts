import { webinarRegistrationsEndpoint } from '@/admin/api/webinars'

export const GET = webinarRegistrationsEndpoint.serve
