import { createEncSectionEndpoint, listEncSectionsEndpoint } from '@/admin/api/content'

export const GET = listEncSectionsEndpoint.serve
export const POST = createEncSectionEndpoint.serve
