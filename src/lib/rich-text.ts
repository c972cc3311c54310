import sanitizeHtml from 'sanitize-html'
import { z } from 'zod'

/**
 * Editors' HTML (articles, news, encyclopedia; later product texts from the back office) is cleaned
 * on the way in and again on the way out (ADR 157): only text structure, links and pictures stay;
 * scripts, event handlers, styles, frames and javascript: addresses go.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'ul', 'ol', 'li', 'blockquote', 'a', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  // A link that opens a new tab must not hand the opened page our window.
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs },
  },
}

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS)
}

/** The schema of every rich-text input: a string that is stored already clean. */
export const richText = z.string().max(200_000).transform(sanitizeRichText)
