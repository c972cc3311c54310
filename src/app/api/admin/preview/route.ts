import { previewEndpoint } from '@/admin/api/content-preview'

export const POST = previewEndpoint.serve
