import { addOutletEndpoint } from '@/admin/api/partners'

export const POST = addOutletEndpoint.serve
