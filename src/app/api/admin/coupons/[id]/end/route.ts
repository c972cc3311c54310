import { endCouponEndpoint } from '@/admin/api/coupons'

export const POST = endCouponEndpoint.serve
