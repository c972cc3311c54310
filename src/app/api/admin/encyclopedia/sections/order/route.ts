import { reorderEncSectionsEndpoint } from '@/admin/api/content'

export const POST = reorderEncSectionsEndpoint.serve
