import { listCustomersEndpoint } from '@/admin/api/customers'

export const GET = listCustomersEndpoint.serve
