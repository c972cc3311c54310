import { deleteLibraryEndpoint } from '@/admin/api/banners'

export const DELETE = deleteLibraryEndpoint.serve
