import { listAudit } from '@/admin/api/audit'

export const GET = listAudit.serve
