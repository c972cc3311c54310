import { exportCsvEndpoint } from '@/admin/api/catalog-import'

export const GET = exportCsvEndpoint.serve
