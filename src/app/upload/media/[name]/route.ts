import { readLibraryFile } from '@/domains/media/media-library.server'

/** Media-library pictures on the local disk (ADR 207): content-hashed names, so cached for a year. */
export async function GET(_request: Request, { params }: RouteContext<'/upload/media/[name]'>) {
  return readLibraryFile((await params).name)
}
