import type { Endpoint } from '../endpoint'
import { auditEndpoints } from './audit'
import { bannerEndpoints } from './banners'
import { catalogImportEndpoints } from './catalog-import'
import { catalogStructureEndpoints } from './catalog-structure'
import { contentEndpoints } from './content'
import { contentPreviewEndpoints } from './content-preview'
import { couponEndpoints } from './coupons'
import { customerEndpoints } from './customers'
import { deliveryEndpoints } from './delivery'
import { filterPropertyEndpoints } from './filter-properties'
import { ecoEndpoints } from './eco'
import { exchangeEndpoints } from './exchange'
import { inboxEndpoints } from './inbox'
import { landingEndpoints } from './landings'
import { orderEditEndpoints } from './order-edit'
import { orderPrintEndpoints } from './order-print'
import { orderRefundEndpoints } from './order-refunds'
import { orderPaymentEndpoints } from './order-payments'
import { orderEndpoints } from './orders'
import { partnerEndpoints } from './partners'
import { productPictureEndpoints } from './product-pictures'
import { productEndpoints } from './products'
import { programmeEndpoints } from './programme'
import { savedViewEndpoints } from './saved-views'
import { settingsEndpoints } from './settings'
import { shipmentEndpoints } from './shipments'
import { staffEndpoints } from './staff'
import { stockEndpoints } from './stock'
import { webinarEndpoints } from './webinars'

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
  ...orderPaymentEndpoints,
  ...customerEndpoints,
  ...inboxEndpoints,
  ...savedViewEndpoints,
  ...productEndpoints,
  ...catalogStructureEndpoints,
  ...filterPropertyEndpoints,
  ...stockEndpoints,
  ...catalogImportEndpoints,
  ...productPictureEndpoints,
  ...deliveryEndpoints,
  ...shipmentEndpoints,
  ...exchangeEndpoints,
  ...contentPreviewEndpoints,
  ...contentEndpoints,
  ...partnerEndpoints,
  ...ecoEndpoints,
  ...webinarEndpoints,
  ...landingEndpoints,
  ...programmeEndpoints,
  ...bannerEndpoints,
  // Each area adds its list here, one line.
]
