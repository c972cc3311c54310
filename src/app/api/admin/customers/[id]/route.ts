import { customerEndpoint } from '@/admin/api/customers'

export const GET = customerEndpoint.serve
