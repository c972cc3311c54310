import { Link } from '@/ui/link'
import type { IngredientLink } from '../encyclopedia.server'

/**
 * For the product page's composition tab: the ingredients the composition mentions, each linking to
 * its encyclopedia page. Feed it `ingredientLinksForProduct(productId)`.
 */
export function IngredientLinks({ links }: { links: IngredientLink[] }) {
  if (links.length === 0) return null
  return (
    <div className="mt-4" data-block="ingredient-links">
      <p className="text-sm font-semibold">Об ингредиентах в энциклопедии:</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {links.map((l) => (
          <li key={l.CODE}>
            <Link href={l.url} className="inline-block rounded-full border border-line px-3 py-1 text-sm hover:border-brand-500 hover:text-brand-700">
              {l.NAME}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
