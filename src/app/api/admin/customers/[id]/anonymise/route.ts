import { anonymiseCustomerEndpoint } from '@/admin/api/customers'

export const POST = anonymiseCustomerEndpoint.serve
