import { loadReviewsPage } from '../reviews.server'
import { ProductReviews } from './product-reviews'

/**
 * Server wrapper: the first page of approved reviews goes into the product page's HTML (for search
 * engines and a list without a flash); the browser then asks who is looking.
 */
export async function ProductReviewsSection({ productId, productName, offerId }: { productId: number; productName: string; offerId?: number }) {
  const initial = await loadReviewsPage(productId, 'new', 0)
  return <ProductReviews productId={productId} productName={productName} offerId={offerId} initial={initial} />
}
