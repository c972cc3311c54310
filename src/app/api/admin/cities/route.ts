import { citySuggestionsEndpoint } from '@/admin/api/order-edit'

export const GET = citySuggestionsEndpoint.serve
