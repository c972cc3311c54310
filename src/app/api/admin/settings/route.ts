import { changeSettings, readSettings } from '@/admin/api/settings'

export const GET = readSettings.serve
export const PATCH = changeSettings.serve
