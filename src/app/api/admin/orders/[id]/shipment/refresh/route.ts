import { refreshShipmentEndpoint } from '@/admin/api/shipments'

export const POST = refreshShipmentEndpoint.serve
