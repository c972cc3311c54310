import { readProductPicture } from '@/domains/media/picture-files.server'

/** Uploaded product pictures on the local disk (ADR 184): content-hashed names, so cached for a year. */
export async function GET(_request: Request, { params }: RouteContext<'/upload/products/[name]'>) {
  return readProductPicture((await params).name)
}
