import { readProgrammeEndpoint, updateProgrammeEndpoint } from '@/admin/api/programme'

export const GET = readProgrammeEndpoint.serve
export const PATCH = updateProgrammeEndpoint.serve
