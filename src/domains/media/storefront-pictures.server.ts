import 'server-only'

/**
 * What the storefront's queries take from the uploaded pictures (ADR 184): the main picture in
 * place of an offer's pack shot, and the product page's slides.
 */
export { offerPictureSql, offerSrcsetSql, selectGallerySlides } from './product-pictures.db'
