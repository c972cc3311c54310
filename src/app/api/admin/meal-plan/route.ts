import { readMealPlanEndpoint, updateMealPlanEndpoint } from '@/admin/api/programme'

export const GET = readMealPlanEndpoint.serve
export const PATCH = updateMealPlanEndpoint.serve
