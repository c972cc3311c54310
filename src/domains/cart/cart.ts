/**
 * The cart as the spec's pages read it (storefront-cart-checkout.md §3): names and casing are the
 * wire's. Amounts on the wire are roubles (numbers); inside they are kopecks.
 */
import { productUrl } from '@/domains/catalog/catalog'
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

/**
 * One basket line as the server loads it (money in kopecks), with what checkout and delivery need:
 * stock, parcel size and the air restriction. `loadBasket` in cart.server.ts returns these.
 */
export interface BasketItem {
  lineId: number
  offerId: number
  productId: number
  quantity: number
  name: string
  sku: string
  productCode: string
  sectionCode: string
  sectionName: string
  brandName: string
  picture: string
  packageSize: number
  packageUnit: string
  flavour: string | null
  /** Unit price to pay. */
  price: Kopecks
  /** Unit price before discount, when there is a discount. */
  oldPrice: Kopecks | null
  /** null: not tracked (the line is capped at 100). */
  stock: number | null
  /** Product and offer both on sale. */
  active: boolean
  weightGrams: number
  widthMm: number
  lengthMm: number
  heightMm: number
  airRestricted: boolean
  vatPercent: number
}

export const CART_MESSAGES = {
  overOrderLimit:
    'Вы превысили максимально допустимое кол-во товаров. Пожалуйста, разделите свой заказ на несколько заказов. Количество товаров не должно превышать 125 шт.',
  emptyTitle: 'Товаров в корзине пока нет',
  emptyText: 'Ваша корзина пуста',
  notAvailable: 'нет в наличии',
  unknownProduct: 'Товар не найден или снят с продажи',
  notInCart: 'Этого товара нет в корзине',
  outOfStock: (name: string) => `Товара «${name}» нет в наличии`,
  overLineLimit: (name: string, max: number) => `Товара «${name}» можно заказать не более ${max} шт.`,
  minOrder: (rubles: number) => `Минимальная сумма для заказа составляет ${rubles} рублей`,
} as const

export function lineProperties(line: Pick<BasketItem, 'packageSize' | 'packageUnit' | 'flavour'>): Record<string, string> {
  const out: Record<string, string> = { 'Фасовка': `${line.packageSize} ${line.packageUnit}` }
  if (line.flavour) out['Вкус'] = line.flavour
  return out
}

/** Prices of a line the buyer may pay for: an inactive offer has no price. */
export function unitPrices(line: BasketItem): { price: Kopecks; base: Kopecks } {
  if (!line.active || line.price <= 0) return { price: 0, base: 0 }
  return { price: line.price, base: basePriceOf(line.price, line.oldPrice) }
}

/** The price before the catalogue's discount: the old price when it is above the price paid. */
export function basePriceOf(price: Kopecks, oldPrice: Kopecks | null): Kopecks {
  return oldPrice && oldPrice > price ? oldPrice : price
}

export function toCart(lines: readonly BasketItem[], productError?: string): Cart {
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
      link: productUrl(line.sectionCode, line.productCode),
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

export type BasketCommand =
  | { action: 'add'; offerIds: number[]; quantity: number }
  | { action: 'update'; offerIds: number[]; quantity: number }
  | { action: 'remove'; offerIds: number[] }

/** What the planner needs to know about a requested offer. */
export interface OfferFacts {
  name: string
  stock: number | null
  price: Kopecks
  /** Product and offer both on sale. */
  active: boolean
}

/** A line's new quantity; 0 deletes it. */
export interface LineChange {
  offerId: number
  quantity: number
}

export type BasketPlan = { ok: true; changes: LineChange[] } | { ok: false; error: string }

/**
 * The server's limits (spec §5 and §9) as one pure decision: a change is applied whole or refused
 * whole. Increases must stay within 1..max per line (stock, or 100 untracked) and 125 items per
 * order; decreases and removals are always allowed, so a cart that came over a limit (a merge on
 * sign-in, stock that fell) can always be brought back under it.
 */
export function planBasketChange(
  command: BasketCommand,
  current: ReadonlyMap<number, number>,
  offers: ReadonlyMap<number, OfferFacts>,
): BasketPlan {
  const ids = [...new Set(command.offerIds)]
  const changes: LineChange[] = []
  for (const offerId of ids) {
    const have = current.get(offerId) ?? 0
    if (command.action === 'remove') {
      if (have > 0) changes.push({ offerId, quantity: 0 })
      continue
    }
    if (command.action === 'update' && have === 0) return { ok: false, error: CART_MESSAGES.notInCart }
    const want = command.action === 'add' ? have + command.quantity : command.quantity
    if (want <= have) {
      if (want !== have) changes.push({ offerId, quantity: want })
      continue
    }
    const offer = offers.get(offerId)
    if (!offer || !offer.active || offer.price <= 0) return { ok: false, error: CART_MESSAGES.unknownProduct }
    const cap = lineCap(offer.stock)
    if (cap === 0) return { ok: false, error: CART_MESSAGES.outOfStock(offer.name) }
    if (want > cap) return { ok: false, error: CART_MESSAGES.overLineLimit(offer.name, cap) }
    changes.push({ offerId, quantity: want })
  }
  const before = [...current.values()].reduce((n, q) => n + q, 0)
  const after = before + changes.reduce((n, c) => n + c.quantity - (current.get(c.offerId) ?? 0), 0)
  if (after > MAX_ITEMS_PER_ORDER && after > before) return { ok: false, error: CART_MESSAGES.overOrderLimit }
  return { ok: true, changes }
}

/** Spec §5 and §9: a typed or clicked cart quantity is sent 1000 ms after the last change. */
export const QUANTITY_SEND_DELAY_MS = 1000

/** The message shown when a line has no price (the spec's 'nullprice' state; its text is ours). */
export const NULL_PRICE_MESSAGE = 'В корзине есть товары, которых нет в наличии. Удалите их, чтобы оформить заказ.'
