/**
 * Product texts are plain text with blank lines between paragraphs (the seed, older rows) or rich
 * text from the back office's editor (sanitised HTML, ADR 178). Pure, so the product page's client
 * component can tell them apart without the sanitiser.
 */
const BLOCK_TAG = /<(p|br|h[2-4]|ul|ol|li|strong|b|em|i|u|s|sub|sup|blockquote|a|img|figure|table|hr)(\s[^>]*)?\/?>/i

export function isRichText(text: string): boolean {
  return BLOCK_TAG.test(text)
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' }

/** The words of a rich text, for meta descriptions and JSON-LD; plain text stays as it is. */
export function plainTextOf(text: string): string {
  if (!isRichText(text)) return text
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim()
}
