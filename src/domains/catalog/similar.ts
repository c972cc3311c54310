/**
 * The product page's 'Похожие товары': how many cards it shows and where they come from. They sit at
 * the bottom of the page and load when they near the screen (ADR 213).
 */
export const SIMILAR_CARDS = 4

export const similarProductsUrl = (sectionCode: string, productCode: string) =>
  `/showcase/similar/${encodeURIComponent(sectionCode)}/${encodeURIComponent(productCode)}/`
