import { readExchangeLog } from '@/admin/api/exchange'

export const GET = readExchangeLog.serve
