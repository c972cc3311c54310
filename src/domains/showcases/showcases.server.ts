import 'server-only'
import { db } from '@/db/client'
import { productUrl } from '@/domains/catalog/catalog'
import { loadProductCards } from '@/domains/catalog/catalog.server'
import { homeArticles, latestNews } from '@/domains/content/content.server'
import { srcsetOf } from '@/domains/media/media-library'
import { cached } from '@/lib/cache'
import { now } from '@/lib/clock'
import { kopecksToRubles } from '@/lib/money'
import { HOME_NEWS_COUNT, type ExpertTabContent, type FeaturedSlide, type MainpageBanger, type ProductTab, type ProductTabContent } from './showcases'
import * as q from './showcases.db'

/** The same for everyone, so cached; keys and tags stay those of the content drawer they came from. */
const TAGS = ['content'] as const
const WITH_CATALOG = ['content', 'catalog'] as const

const HIGH_DISCOUNT_MIN_PERCENT = 15
const TAB_PRODUCTS = 8

export function setsFromExperts(): Promise<MainpageBanger> {
  return cached('content:sets-from-experts', { tags: WITH_CATALOG }, async () => {
    const tabs = await q.selectShowcaseTabs(db(), 'sets-from-experts')
    const slides = await q.selectSlides(
      db(),
      tabs.map((t) => t.id),
    )
    const banger: MainpageBanger = {}
    for (const tab of tabs) {
      banger[tab.title] = {
        anchor: tab.anchor,
        decorations: tab.decorations,
        slides: slides
          .filter((s) => s.tabId === tab.id)
          .map((s) => ({
            OFFER_ID: s.offerId,
            PRODUCT_ID: s.productId,
            title: s.title,
            subtitle: s.subtitle,
            img: s.pictureSizes?.card?.url || s.img || s.offerPicture,
            srcset: srcsetOf(s.pictureSizes),
            link: s.link || productUrl(s.sectionCode, s.productCode),
            price: kopecksToRubles(s.price),
            oldprice: s.oldPrice !== null && s.oldPrice > s.price ? kopecksToRubles(s.oldPrice) : null,
            pack: s.pack,
            SET: s.isSet,
            DISCOUNT_PICTURE: s.discountPicture,
          })),
      }
    }
    return banger
  })
}

export function mainpageProductTabs(): Promise<ProductTab[]> {
  return cached('content:mainpage-products', { tags: WITH_CATALOG }, async () => {
    const tabs = await q.selectShowcaseTabs(db(), 'mainpage-products')
    return Promise.all(
      tabs.map(async (tab) => {
        const productIds =
          tab.rule === 'hit' || tab.rule === 'new'
            ? await q.selectBadgeProducts(db(), tab.rule, TAB_PRODUCTS)
            : tab.rule === 'high-discounts'
              ? await q.selectHighDiscountProducts(db(), HIGH_DISCOUNT_MIN_PERCENT, TAB_PRODUCTS)
              : await q.selectManualTabProducts(db(), tab.id, TAB_PRODUCTS)
        return { anchor: tab.anchor, title: tab.title, productIds }
      }),
    )
  })
}

/**
 * A slide's shown-from/until bound is read at load time: crossing one announces nothing, so a
 * scheduled slide appears (or goes) within the cache's TTL of its time (ADR 207).
 */
export function featuredSlides(): Promise<FeaturedSlide[]> {
  return cached('content:featured', { tags: WITH_CATALOG }, async () =>
    (await q.selectFeaturedSlides(db(), now())).map((s) => ({
      IMAGE: s.pictureSizes?.card?.url || s.image || s.offerPicture,
      IMAGE_SRCSET: srcsetOf(s.pictureSizes),
      SUBTITLE: s.subtitle,
      TITLE: s.title,
      DESCRIPTION: s.description,
      LINK: s.link || productUrl(s.sectionCode, s.productCode),
      PRICE: kopecksToRubles(s.price),
      OLD_PRICE: s.oldPrice !== null && s.oldPrice > s.price ? kopecksToRubles(s.oldPrice) : null,
      quantity: s.stock,
      SECTION_NAME: s.sectionName,
      NAME: s.productName,
      offer: { id: s.offerId, price: kopecksToRubles(s.price) },
    })),
  )
}

export function lightLineBanner() {
  return cached('content:light-line', { tags: TAGS }, () => q.selectLightLine(db(), now()))
}

export function distributorsList() {
  return cached('content:distributors', { tags: TAGS }, () => q.selectDistributors(db()))
}

/** POST /ajax/vkontakte/: our stored copies of the community's posts. */
export function socialFeed(): Promise<{ link: string; img: string; text: string }[]> {
  return cached('content:social', { tags: TAGS }, () => q.selectSocialPosts(db(), 12))
}

/** The home page's purpose tiles: active catalogue sections in their order. */
export function homePurposes() {
  return cached('home:purposes', { tags: ['catalog'] }, () => q.selectPurposes(db()))
}

/* ---------- the home page in one call ---------- */

/**
 * Everything the home page shows, all of it cached and the same for every visitor. The popular
 * products come with their first tab's cards; the other tabs, the sets from experts, the articles and
 * the news, further down the page, are loaded when shown near the screen (ADR 191): of these only
 * the tab titles and whether there is anything to show are here.
 */
export async function homePageData() {
  const [productTabs, banger, featured, articles, newsCards, lightLine, partners] = await Promise.all([
    mainpageProductTabs(),
    setsFromExperts(),
    featuredSlides(),
    homeArticles(),
    latestNews(HOME_NEWS_COUNT),
    lightLineBanner(),
    distributorsList(),
  ])
  const [first] = productTabs
  const firstProducts = first ? await loadProductCards(first.productIds) : []
  const expertTabs = Object.entries(banger).map(([title, tab]) => ({ title, anchor: tab.anchor }))
  return {
    productTabs: productTabs.map((t) => ({ anchor: t.anchor, title: t.title })),
    firstProductTab: first ? { title: first.title, products: firstProducts } : null,
    expertTabs,
    featured,
    hasArticles: articles.length > 0,
    hasNews: newsCards.length > 0,
    lightLine,
    distributors: partners,
  }
}

/** One tab of the popular-products block by its anchor, with its cards; null for an unknown anchor. */
export async function homeProductTab(anchor: string): Promise<ProductTabContent | null> {
  const tab = (await mainpageProductTabs()).find((t) => t.anchor === anchor)
  if (!tab) return null
  return { title: tab.title, products: await loadProductCards(tab.productIds) }
}

/** One tab of the sets-from-experts block by its anchor; null for an unknown anchor. */
export async function expertSetsTab(anchor: string): Promise<ExpertTabContent | null> {
  const found = Object.entries(await setsFromExperts()).find(([, tab]) => tab.anchor === anchor)
  return found ? { title: found[0], tab: found[1] } : null
}
