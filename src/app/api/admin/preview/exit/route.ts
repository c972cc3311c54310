import { previewExitEndpoint } from '@/admin/api/content-preview'

export const POST = previewExitEndpoint.serve
