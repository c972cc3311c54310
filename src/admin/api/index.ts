import type { Endpoint } from '../endpoint'
import { auditEndpoints } from './audit'
import { couponEndpoints } from './coupons'
import { customerEndpoints } from './customers'
import { inboxEndpoints } from './inbox'
import { orderEditEndpoints } from './order-edit'
import { orderPrintEndpoints } from './order-print'
import { orderRefundEndpoints } from './order-refunds'
import { orderEndpoints } from './orders'
import { productEndpoints } from './products'
import { savedViewEndpoints } from './saved-views'
import { settingsEndpoints } from './settings'
import { staffEndpoints } from './staff'

/** Every endpoint of /api/admin/: the OpenAPI document and the role-matrix test walk this list. */
export const ADMIN_ENDPOINTS: readonly Endpoint[] = [
  ...staffEndpoints,
  ...auditEndpoints,
  ...settingsEndpoints,
  ...couponEndpoints,
  ...orderEndpoints,
  ...orderEditEndpoints,
  ...orderPrintEndpoints,
  ...orderRefundEndpoints,
  ...customerEndpoints,
  ...inboxEndpoints,
  ...savedViewEndpoints,
  ...productEndpoints,
  // Each area adds its list here, one line.
]
