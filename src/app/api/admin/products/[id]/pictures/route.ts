import { listPicturesEndpoint, uploadPictureEndpoint } from '@/admin/api/product-pictures'

export const GET = listPicturesEndpoint.serve
export const POST = uploadPictureEndpoint.serve
