import { readSectionEndpoint, updateSectionEndpoint } from '@/admin/api/catalog-structure'

export const GET = readSectionEndpoint.serve
export const PATCH = updateSectionEndpoint.serve
