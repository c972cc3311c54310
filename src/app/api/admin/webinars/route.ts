import { createWebinarEndpoint, listWebinarsEndpoint } from '@/admin/api/webinars'

export const GET = listWebinarsEndpoint.serve
export const POST = createWebinarEndpoint.serve
