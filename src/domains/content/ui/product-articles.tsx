import { Link } from '@/ui/link'

export interface ProductArticle {
  link: string
  image: string
  title: string
}

/** The product page's articles tab (#articles): the health articles that talk about this product. */
export function ProductArticles({ items }: { items: ProductArticle[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-product-articles>
      {items.map((a) => (
        <li key={a.link}>
          <Link href={a.link} className="group flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white break-words hyphens-auto" data-card="article">
            <img src={a.image} alt="" loading="lazy" className="aspect-video w-full bg-surface object-cover" />
            <span className="p-4 font-semibold leading-snug group-hover:text-brand-600">{a.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
