import { exportAudit } from '@/admin/api/audit'

export const GET = exportAudit.serve
