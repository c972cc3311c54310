import sharp from 'sharp'

/**
 * Draws a product's pack as SVG, so the seeded shop has pictures without any external image, and
 * stores it as WebP, as an owner's photos would arrive: a browser paints an SVG picture's own document
 * on the page's main thread, a page of cards cost a phone a measured 110–160 ms, while it decodes a
 * WebP off that thread (ADR 217).
 */
export interface PackShotInput {
  brand: string
  name: string
  subTitle: string
  size: string
  color: string
  form: 'capsules' | 'tablets' | 'powder' | 'liquid'
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = []
  let current = ''
  for (const word of text.split(/\s+/)) {
    const next = current ? `${current} ${word}` : word
    if (next.length > width && current) {
      lines.push(current)
      current = word
    } else current = next
  }
  if (current) lines.push(current)
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines)
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`
    return kept
  }
  return lines
}

export function packShotSvg(p: PackShotInput): string {
  const bottle = p.form === 'capsules' || p.form === 'tablets' || p.form === 'liquid'
  const body = bottle
    ? `<rect x="115" y="70" width="170" height="40" rx="8" fill="#e9edf1" stroke="#c5ccd3"/>
       <rect x="95" y="105" width="210" height="260" rx="28" fill="#ffffff" stroke="#c5ccd3" stroke-width="2"/>
       <rect x="95" y="160" width="210" height="160" fill="${esc(p.color)}"/>`
    : `<path d="M90 110 L310 110 L300 370 L100 370 Z" fill="#ffffff" stroke="#c5ccd3" stroke-width="2"/>
       <rect x="80" y="80" width="240" height="36" rx="6" fill="#e9edf1" stroke="#c5ccd3"/>
       <rect x="96" y="165" width="208" height="150" fill="${esc(p.color)}"/>`
  const nameLines = wrap(p.name, 16, 3)
  const name = nameLines
    .map(
      (line, i) => `<text x="200" y="${200 + i * 24}" font-size="20" font-weight="700">${esc(line)}</text>`,
    )
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${esc(p.name)}">
<rect width="400" height="400" fill="#f6f7f9"/>
<ellipse cx="200" cy="372" rx="120" ry="10" fill="#000" opacity=".08"/>
${body}
<g font-family="Arial, Helvetica, sans-serif" text-anchor="middle" fill="#ffffff">
<text x="200" y="150" font-size="16" font-weight="700" fill="#37474f">${esc(p.brand.toUpperCase())}</text>
${name}
<text x="200" y="${214 + nameLines.length * 24}" font-size="13" opacity=".9">${esc(wrap(p.subTitle, 26, 1)[0] ?? '')}</text>
</g>
<text x="200" y="345" font-family="Arial, Helvetica, sans-serif" text-anchor="middle" font-size="15" fill="#37474f">${esc(p.size)}</text>
</svg>`
}

/** Twice the drawing's 400 px, for the product page's gallery on a dense screen. */
const STORED_DENSITY = 144

/** Writes the pack shot to `file` as an 800 px WebP. */
export async function storePackShot(file: string, p: PackShotInput): Promise<void> {
  await sharp(Buffer.from(packShotSvg(p)), { density: STORED_DENSITY }).webp({ quality: 82 }).toFile(file)
}
