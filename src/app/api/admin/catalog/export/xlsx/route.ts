import { exportXlsxEndpoint } from '@/admin/api/catalog-import'

export const GET = exportXlsxEndpoint.serve
