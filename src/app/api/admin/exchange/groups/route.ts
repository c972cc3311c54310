import { mapExchangeGroup, readExchangeGroups } from '@/admin/api/exchange'

export const GET = readExchangeGroups.serve
export const PATCH = mapExchangeGroup.serve
