import { createCouponEndpoint, listCouponsEndpoint } from '@/admin/api/coupons'

export const GET = listCouponsEndpoint.serve
export const POST = createCouponEndpoint.serve
