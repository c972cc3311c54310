import { readWebinarEndpoint, updateWebinarEndpoint } from '@/admin/api/webinars'

export const GET = readWebinarEndpoint.serve
export const PATCH = updateWebinarEndpoint.serve
