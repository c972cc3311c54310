import { readShipmentEndpoint, registerShipmentEndpoint } from '@/admin/api/shipments'

export const GET = readShipmentEndpoint.serve
export const POST = registerShipmentEndpoint.serve
