/**
 * Pictures for the seeded content (articles, news, sets, stickers, partner logos), drawn as SVG at seed
 * time so the shop ships no external or binary images.
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export type Motif =
  | 'sun'
  | 'leaf'
  | 'heart'
  | 'drop'
  | 'capsule'
  | 'shield'
  | 'eye'
  | 'bone'
  | 'moon'
  | 'star'
  | 'flower'
  | 'scale'
  | 'clock'
  | 'box'
  | 'berry'
  | 'citrus'

/** A motif drawn in a 200×200 box centred on (0,0), in white over the colour. */
function motifShape(motif: Motif, color: string): string {
  const w = '#ffffff'
  switch (motif) {
    case 'sun':
      return `<circle r="52" fill="${w}"/>${Array.from({ length: 12 }, (_, i) => `<rect x="-6" y="-98" width="12" height="30" rx="6" fill="${w}" transform="rotate(${i * 30})"/>`).join('')}`
    case 'leaf':
      return `<path d="M-70 70 C-80 -40 0 -90 80 -80 C80 0 30 80 -70 70 Z" fill="${w}"/><path d="M-70 70 L50 -50" stroke="${color}" stroke-width="8" stroke-linecap="round"/>`
    case 'heart':
      return `<path d="M0 80 C-110 0 -80 -90 -30 -80 C-10 -76 0 -60 0 -50 C0 -60 10 -76 30 -80 C80 -90 110 0 0 80 Z" fill="${w}"/>`
    case 'drop':
      return `<path d="M0 -90 C40 -30 70 0 70 35 C70 75 38 95 0 95 C-38 95 -70 75 -70 35 C-70 0 -40 -30 0 -90 Z" fill="${w}"/><ellipse cx="-25" cy="35" rx="12" ry="22" fill="${color}" opacity=".35"/>`
    case 'capsule':
      return `<g transform="rotate(-35)"><rect x="-40" y="-95" width="80" height="190" rx="40" fill="${w}"/><rect x="-40" y="0" width="80" height="95" rx="0" fill="${color}" opacity=".35"/></g>`
    case 'shield':
      return `<path d="M0 -90 L75 -60 C75 20 45 70 0 95 C-45 70 -75 20 -75 -60 Z" fill="${w}"/><path d="M-30 5 L-8 28 L35 -20" stroke="${color}" stroke-width="12" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`
    case 'eye':
      return `<path d="M-95 0 C-50 -65 50 -65 95 0 C50 65 -50 65 -95 0 Z" fill="${w}"/><circle r="32" fill="${color}"/><circle r="13" fill="${w}"/>`
    case 'bone':
      return `<g transform="rotate(-30)"><rect x="-70" y="-16" width="140" height="32" fill="${w}"/><circle cx="-72" cy="-20" r="24" fill="${w}"/><circle cx="-72" cy="20" r="24" fill="${w}"/><circle cx="72" cy="-20" r="24" fill="${w}"/><circle cx="72" cy="20" r="24" fill="${w}"/></g>`
    case 'moon':
      return `<path d="M30 -85 A90 90 0 1 0 85 40 A70 70 0 1 1 30 -85 Z" fill="${w}"/><circle cx="60" cy="-55" r="7" fill="${w}"/><circle cx="85" cy="-20" r="5" fill="${w}"/>`
    case 'star':
      return `<path d="M0 -90 L24 -30 L88 -28 L38 12 L56 76 L0 40 L-56 76 L-38 12 L-88 -28 L-24 -30 Z" fill="${w}"/>`
    case 'flower':
      return `${Array.from({ length: 6 }, (_, i) => `<ellipse cx="0" cy="-52" rx="26" ry="42" fill="${w}" transform="rotate(${i * 60})"/>`).join('')}<circle r="26" fill="${color}" opacity=".5"/>`
    case 'scale':
      return `<rect x="-80" y="-70" width="160" height="150" rx="28" fill="${w}"/><path d="M-45 -30 A55 55 0 0 1 45 -30" stroke="${color}" stroke-width="10" fill="none"/><path d="M0 -10 L20 -45" stroke="${color}" stroke-width="8" stroke-linecap="round"/>`
    case 'clock':
      return `<circle r="88" fill="${w}"/><path d="M0 -55 L0 0 L40 25" stroke="${color}" stroke-width="12" fill="none" stroke-linecap="round"/>`
    case 'box':
      return `<path d="M-80 -40 L0 -80 L80 -40 L80 50 L0 90 L-80 50 Z" fill="${w}"/><path d="M-80 -40 L0 0 L80 -40 M0 0 L0 90" stroke="${color}" stroke-width="6" fill="none" opacity=".6"/>`
    case 'berry':
      return `<circle cx="-30" cy="20" r="38" fill="${w}"/><circle cx="32" cy="26" r="34" fill="${w}"/><circle cx="4" cy="-30" r="30" fill="${w}"/><path d="M4 -60 C10 -85 30 -90 45 -88" stroke="${w}" stroke-width="8" fill="none" stroke-linecap="round"/>`
    case 'citrus':
      return `<circle r="85" fill="${w}"/><circle r="68" fill="${color}" opacity=".35"/>${Array.from({ length: 8 }, (_, i) => `<path d="M0 0 L0 -66" stroke="${w}" stroke-width="6" transform="rotate(${i * 45})"/>`).join('')}`
  }
}

/** Wide picture for articles and news: soft gradient, big motif, a few circles. */
export function illustrationSvg(motif: Motif, color: string, label: string, size: { w: number; h: number } = { w: 800, h: 450 }): string {
  const { w, h } = size
  const scale = Math.min(w, h) / 340
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${esc(label)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${esc(color)}" stop-opacity=".55"/><stop offset="1" stop-color="${esc(color)}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<circle cx="${w * 0.12}" cy="${h * 0.2}" r="${h * 0.28}" fill="#fff" opacity=".12"/>
<circle cx="${w * 0.9}" cy="${h * 0.95}" r="${h * 0.4}" fill="#fff" opacity=".1"/>
<circle cx="${w * 0.8}" cy="${h * 0.15}" r="${h * 0.07}" fill="#fff" opacity=".2"/>
<g transform="translate(${w / 2} ${h / 2}) scale(${scale.toFixed(3)})" fill="${esc(color)}">${motifShape(motif, esc(color))}</g>
</svg>`
}

/** Small decoration around the sets slider: the motif in the colour, no background. */
export function decorSvg(motif: Motif, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-100 -100 200 200" width="160" height="160" aria-hidden="true">
<circle r="100" fill="${esc(color)}" opacity=".18"/><g transform="scale(.8)">${motifShape(motif, esc(color)).replace(/#ffffff/g, esc(color))}</g>
</svg>`
}

/** Portrait placeholder: initials in a circle. */
export function expertSvg(initials: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img" aria-label="${esc(initials)}">
<rect width="200" height="200" rx="100" fill="${esc(color)}"/>
<circle cx="100" cy="80" r="38" fill="#fff" opacity=".35"/><path d="M30 180 C40 120 160 120 170 180 Z" fill="#fff" opacity=".35"/>
<text x="100" y="112" font-family="Arial, Helvetica, sans-serif" font-size="56" font-weight="700" text-anchor="middle" fill="#fff">${esc(initials)}</text>
</svg>`
}

/** An expert set: three bottles of different colours on a tray, with a ribbon. */
export function setSvg(colors: readonly [string, string, string], label: string): string {
  const bottle = (x: number, c: string, hgt: number) =>
    `<rect x="${x + 18}" y="${360 - hgt - 26}" width="64" height="26" rx="6" fill="#e9edf1" stroke="#c5ccd3"/>
<rect x="${x}" y="${360 - hgt}" width="100" height="${hgt}" rx="18" fill="#fff" stroke="#c5ccd3" stroke-width="2"/>
<rect x="${x}" y="${360 - hgt * 0.7}" width="100" height="${hgt * 0.45}" fill="${esc(c)}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${esc(label)}">
<rect width="400" height="400" fill="#f6f7f9"/>
<ellipse cx="200" cy="365" rx="170" ry="14" fill="#000" opacity=".08"/>
${bottle(40, colors[0], 200)}${bottle(150, colors[1], 240)}${bottle(260, colors[2], 190)}
<path d="M0 60 L150 60 L165 78 L150 96 L0 96 Z" fill="#e53935"/>
<text x="16" y="86" font-family="Arial, Helvetica, sans-serif" font-size="22" font-weight="700" fill="#fff">НАБОР</text>
</svg>`
}

/** The sticker a discounted slide wears (the percentage itself is computed from live prices). */
export function saleStickerSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120" role="img" aria-label="Выгодно">
<path d="M60 4 L73 20 L93 14 L96 35 L116 42 L106 60 L116 78 L96 85 L93 106 L73 100 L60 116 L47 100 L27 106 L24 85 L4 78 L14 60 L4 42 L24 35 L27 14 L47 20 Z" fill="#e53935"/>
<text x="60" y="67" font-family="Arial, Helvetica, sans-serif" font-size="15" font-weight="700" text-anchor="middle" fill="#fff">ВЫГОДНО</text>
</svg>`
}

/** Partner logo: the name set in a rounded badge. */
export function distributorSvg(name: string, color: string): string {
  const words = name.split(' ')
  // Long names go on two lines, split where the halves are most even.
  let lines = [name]
  if (name.length > 12 && words.length > 1) {
    let best = 1
    for (let i = 1; i < words.length; i++) {
      const diff = Math.abs(words.slice(0, i).join(' ').length - words.slice(i).join(' ').length)
      const bestDiff = Math.abs(words.slice(0, best).join(' ').length - words.slice(best).join(' ').length)
      if (diff < bestDiff) best = i
    }
    lines = [words.slice(0, best).join(' '), words.slice(best).join(' ')]
  }
  const text = lines
    .map((line, i) => `<text x="150" y="${lines.length === 1 ? 68 : 56 + i * 26}" font-size="20">${esc(line)}</text>`)
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 120" width="240" height="120" role="img" aria-label="${esc(name)}">
<rect width="240" height="120" rx="16" fill="#fff"/>
<path d="M38 40 h14 v14 h14 v14 h-14 v14 h-14 v-14 h-14 v-14 h14 z" fill="${esc(color)}"/>
<g font-family="Arial, Helvetica, sans-serif" font-weight="700" text-anchor="middle" fill="#1f2933">${text}</g>
</svg>`
}
