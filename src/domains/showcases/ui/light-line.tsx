import { Link } from '@/ui/link'

/** The thin promo strip above the home page content. */
export function LightLine({ banner }: { banner: { text: string; link: string; linkText: string } | null }) {
  if (!banner) return null
  return (
    <div className="bg-brand-600 text-white" data-block="light-line">
      <p className="container-page flex flex-wrap items-center justify-center gap-x-3 gap-y-1 py-2 text-center text-sm">
        <span>{banner.text}</span>
        {banner.link && (
          <Link href={banner.link} className="font-semibold underline underline-offset-2 hover:no-underline">
            {banner.linkText || 'Подробнее'}
          </Link>
        )}
      </p>
    </div>
  )
}
