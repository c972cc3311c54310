/** Conversions between the API's values and the content form's inputs (ADR 200). */

export interface LegalSectionText {
  heading: string
  paragraphs: string[]
}

const MSK_MS = 3 * 60 * 60 * 1000

/** '2026-11-20T09:00:00.000Z' → '2026-11-20T12:00' (Moscow, no DST since 2014), for datetime-local. */
export function toMoscowInput(iso: string): string {
  const t = Date.parse(iso)
  return Number.isNaN(t) ? '' : new Date(t + MSK_MS).toISOString().slice(0, 16)
}

/** '2026-11-20T12:00' (Moscow) → '2026-11-20T12:00:00+03:00'; anything else goes as typed, for the server to refuse. */
export function fromMoscowInput(value: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00+03:00` : value
}

/** «## Заголовок» starts a section; paragraphs are split by blank lines. */
export function legalSectionsFromText(text: string): LegalSectionText[] {
  const sections: LegalSectionText[] = []
  for (const block of text.replace(/\r\n?/g, '\n').split(/^## /m)) {
    if (!block.trim()) continue
    const [heading = '', ...rest] = block.split('\n')
    sections.push({
      heading: heading.trim(),
      paragraphs: rest
        .join('\n')
        .split(/\n\s*\n/)
        .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
        .filter(Boolean),
    })
  }
  return sections
}

export function legalSectionsToText(sections: readonly LegalSectionText[]): string {
  return sections.map((s) => [`## ${s.heading}`, ...s.paragraphs].join('\n\n')).join('\n\n')
}
