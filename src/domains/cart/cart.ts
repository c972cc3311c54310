/**
 * The cart as the spec's pages read it (storefront-cart-checkout.md §3): names and casing are the
 * wire's. Amounts on the wire are roubles (numbers); inside they are kopecks.
 */
import { kopecksToRubles, type Kopecks } from '@/lib/money'
import { MAX_ITEMS_PER_ORDER, lineCap } from './cart-limits'

export interface CartLine {
  /** Offer id: what ID / ID[] of /ajax/basket/ name. */
  id: number
  /** The basket row id. */
  idInBasket: number
  productId: number
  name: string
  link: string
  img: string
  main_product_img: string
  properties: Record<string, string>
  quantity: number
  /** The most this line may hold (stock, or 100 when stock is not tracked). */
  max: number
  /** Unit price to pay, roubles; 0 or less is shown as 'нет в наличии'. */
  price: number
  /** Unit discount, roubles: price + discount is the price before discount. */
  discount: number
  sum: number
  SECTION_NAME: string
  BRAND: string
}

export interface Cart {
  Products: CartLine[]
  /** Sum before discounts, roubles. */
  NormalPrice: number
  /** How much the discounts take off, roubles. */
  DiscountPrice: number
  /** What the buyer pays for the cart (no delivery yet), roubles. */
  TotalPrice: number
  /** Sum of the lines after discounts, roubles. */
  ProductsPrice: number
  /** Items in all lines. */
  Count: number
  productError?: string
}

export const EMPTY_CART: Cart = {
  Products: [],
  NormalPrice: 0,
  DiscountPrice: 0,
  TotalPrice: 0,
  ProductsPrice: 0,
  Count: 0,
}

/** One basket line as the server loads it, in kopecks. */
export interface BasketLineData {
  lineId: number
  offerId: number
  productId: number
  quantity: number
  name: string
  productCode: string
  sectionCode: string
  sectionName: string
  brandName: string
  picture: string
  packageSize: number
  packageUnit: string
  flavour: string | null
  price: Kopecks
  oldPrice: Kopecks | null
  stock: number | null
  active: boolean
}

export const CART_MESSAGES = {
  overOrderLimit:
    'Вы превысили максимально допустимое кол-во товаров. Пожалуйста, разделите свой заказ на несколько заказов. Количество товаров не должно превышать 125 шт.',
  emptyTitle: 'Товаров в корзине пока нет',
  emptyText: 'Ваша корзина пуста',
  notAvailable: 'нет в наличии',
  minOrder: (rubles: number) => `Минимальная сумма для заказа составляет ${rubles} рублей`,
} as const

/** The product page's canonical address (the catalogue's DETAIL_PAGE_URL). */
export function productLink(sectionCode: string, productCode: string): string {
  return `/catalog/${sectionCode}/${productCode}/`
}

export function lineProperties(line: Pick<BasketLineData, 'packageSize' | 'packageUnit' | 'flavour'>): Record<string, string> {
  const out: Record<string, string> = { 'Фасовка': `${line.packageSize} ${line.packageUnit}` }
  if (line.flavour) out['Вкус'] = line.flavour
  return out
}

/** Prices of a line the buyer may pay for: an inactive offer has no price. */
function unitPrices(line: BasketLineData): { price: Kopecks; base: Kopecks } {
  if (!line.active || line.price <= 0) return { price: 0, base: 0 }
  const base = line.oldPrice && line.oldPrice > line.price ? line.oldPrice : line.price
  return { price: line.price, base }
}

export function toCart(lines: readonly BasketLineData[], productError?: string): Cart {
  let normal = 0
  let products = 0
  let count = 0
  const Products = lines.map((line): CartLine => {
    const { price, base } = unitPrices(line)
    normal += base * line.quantity
    products += price * line.quantity
    count += line.quantity
    return {
      id: line.offerId,
      idInBasket: line.lineId,
      productId: line.productId,
      name: line.name,
      link: productLink(line.sectionCode, line.productCode),
      img: line.picture,
      main_product_img: line.picture,
      properties: lineProperties(line),
      quantity: line.quantity,
      max: lineCap(line.stock),
      price: kopecksToRubles(price),
      discount: kopecksToRubles(base - price),
      sum: kopecksToRubles(price * line.quantity),
      SECTION_NAME: line.sectionName,
      BRAND: line.brandName,
    }
  })
  const cart: Cart = {
    Products,
    NormalPrice: kopecksToRubles(normal),
    DiscountPrice: kopecksToRubles(normal - products),
    TotalPrice: kopecksToRubles(products),
    ProductsPrice: kopecksToRubles(products),
    Count: count,
  }
  return productError ? { ...cart, productError } : cart
}

/** Why a cart cannot be ordered, in the order the cart page shows them; empty when it can. */
export function orderBlockers(cart: Pick<Cart, 'Products' | 'TotalPrice'>, minOrderRubles: number): string[] {
  const out: string[] = []
  const count = cart.Products.reduce((n, l) => n + l.quantity, 0)
  if (count > MAX_ITEMS_PER_ORDER) out.push(CART_MESSAGES.overOrderLimit)
  if (minOrderRubles > 0 && cart.TotalPrice < minOrderRubles) out.push(CART_MESSAGES.minOrder(minOrderRubles))
  return out
}

/** An item without a price blocks ordering (the spec's 'nullprice' state). */
export function hasUnpricedLine(cart: Pick<Cart, 'Products'>): boolean {
  return cart.Products.some((l) => l.price <= 0)
}
