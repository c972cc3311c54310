import { deleteCouponEndpoint, readCouponEndpoint, updateCouponEndpoint } from '@/admin/api/coupons'

export const GET = readCouponEndpoint.serve
export const PATCH = updateCouponEndpoint.serve
export const DELETE = deleteCouponEndpoint.serve
