import { visiblePartners, type PartnerLink } from '../catalog'

/** Partner pharmacy logos, each opening the partner's shop in a new tab; '103.by' is hidden. */
export function PartnerLogos({ partners }: { partners: readonly PartnerLink[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-partner-list>
      {visiblePartners(partners).map((p) => (
        <li key={p.code}>
          <a
            href={p.link}
            target="_blank"
            rel="noopener noreferrer"
            className="flex h-16 items-center justify-center rounded-xl border border-line bg-white p-2 hover:border-brand-500"
            title={p.title}
            data-card="partner"
          >
            <img src={p.image} alt={p.title} className="max-h-full max-w-full" loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  )
}
