import { listRefunds, refundOrderEndpoint } from '@/admin/api/order-refunds'

export const GET = listRefunds.serve
export const POST = refundOrderEndpoint.serve
