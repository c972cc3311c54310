import { readRecipeEndpoint, updateRecipeEndpoint } from '@/admin/api/programme'

export const GET = readRecipeEndpoint.serve
export const PATCH = updateRecipeEndpoint.serve
