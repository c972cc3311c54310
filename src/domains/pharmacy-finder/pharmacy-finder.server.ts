import 'server-only'
import { visiblePartners } from '@/domains/catalog/catalog'
import { loadPartnerLinks, loadPartnerOutlets, loadProductCards } from '@/domains/catalog/catalog.server'
import { withUtm, type FinderParams } from './pharmacy-finder'

export interface FinderPharmacy {
  id: number
  name: string
  address: string
  lat: number
  lon: number
}

export interface FinderPartner {
  code: string
  title: string
  image: string
  link: string
  pharmacies: FinderPharmacy[]
}

export interface FinderProduct {
  id: number
  name: string
  image: string
  url: string
  partners: FinderPartner[]
}

/** The widget's products in the order asked, each with the partner pharmacies that sell it (our data). */
export async function loadFinder(params: FinderParams): Promise<FinderProduct[]> {
  const cards = await loadProductCards(params.productIds)
  const links = await loadPartnerLinks(cards.map((c) => c.id))
  const codes = [...new Set(Object.values(links).flatMap((list) => list.map((l) => l.code)))]
  const outlets = new Map(await Promise.all(codes.map(async (code) => [code, await loadPartnerOutlets(code)] as const)))
  return cards.map((card) => ({
    id: card.id,
    name: card.name,
    image: card.offers[0]?.picture ?? '',
    url: card.url,
    partners: visiblePartners(links[card.id] ?? []).map((p) => ({
      code: p.code,
      title: p.title,
      image: p.image,
      link: withUtm(p.link, params.utm),
      pharmacies: outlets.get(p.code) ?? [],
    })),
  }))
}
