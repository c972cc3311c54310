import { listBannersEndpoint } from '@/admin/api/banners'

export const GET = listBannersEndpoint.serve
