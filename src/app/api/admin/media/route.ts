import { listLibraryEndpoint, uploadLibraryEndpoint } from '@/admin/api/banners'

export const GET = listLibraryEndpoint.serve
export const POST = uploadLibraryEndpoint.serve
