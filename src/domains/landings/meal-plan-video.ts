/**
 * Which addresses a meal-plan video may have and how the page plays each (ADR 209): a file on our
 * site (played by <video>), or a page of YouTube, Rutube or VK Video, played in that host's own
 * embed player. Nothing else: an address from any other host would put someone else's page in a
 * frame on the shop. No I/O, so the back office's form, the API and the storefront share it.
 */

import { VIDEO_FRAME_SOURCES } from '@/lib/csp'

/** The hosts' embed origins, which the Content-Security-Policy's frame-src lets in. */
export const VIDEO_FRAME_ORIGINS = VIDEO_FRAME_SOURCES

export const VIDEO_LINK_MESSAGE =
  'Видео — ссылка на YouTube, Rutube или VK Видео (https://…) или файл на сайте («/….mp4»).'

export type VideoSource =
  | { kind: 'none' }
  | { kind: 'file'; src: string }
  | { kind: 'embed'; host: 'youtube' | 'rutube' | 'vk'; src: string }

const LOCAL_FILE = /^\/(?!\/)[A-Za-z0-9._~\-/]+\.(mp4|webm)$/
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/
const RUTUBE_ID = /^[a-f0-9]{32}$/
const VK_CLIP = /^video(-?\d+)_(\d+)$/

function youtube(url: URL): string | null {
  const host = url.hostname.replace(/^(www\.|m\.)/, '')
  let id: string | undefined
  if (host === 'youtu.be') id = url.pathname.slice(1)
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, first, second] = url.pathname.split('/')
    if (first === 'watch') id = url.searchParams.get('v') ?? undefined
    else if (first === 'embed' || first === 'shorts' || first === 'live') id = second
  }
  return id && YOUTUBE_ID.test(id) ? id : null
}

function rutube(url: URL): string | null {
  if (url.hostname !== 'rutube.ru' && url.hostname !== 'www.rutube.ru') return null
  const parts = url.pathname.split('/').filter(Boolean)
  const id =
    parts[0] === 'video' ? parts[1] : parts[0] === 'play' && parts[1] === 'embed' ? parts[2] : undefined
  return id && RUTUBE_ID.test(id) ? id : null
}

function vk(url: URL): { oid: string; id: string } | null {
  const host = url.hostname.replace(/^(www\.|m\.)/, '')
  if (host !== 'vk.com' && host !== 'vkvideo.ru' && host !== 'vk.ru') return null
  if (url.pathname === '/video_ext.php') {
    const oid = url.searchParams.get('oid') ?? ''
    const id = url.searchParams.get('id') ?? ''
    return /^-?\d+$/.test(oid) && /^\d+$/.test(id) ? { oid, id } : null
  }
  const match = VK_CLIP.exec(url.pathname.split('/').filter(Boolean).at(-1) ?? '')
  return match ? { oid: match[1]!, id: match[2]! } : null
}

/** How the page plays the address; null when the address is not one the shop accepts. */
export function videoSource(link: string): VideoSource | null {
  const value = link.trim()
  if (value === '') return { kind: 'none' }
  if (LOCAL_FILE.test(value) && !value.includes('..')) return { kind: 'file', src: value }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null
  const y = youtube(url)
  if (y)
    return { kind: 'embed', host: 'youtube', src: `https://www.youtube-nocookie.com/embed/${y}?autoplay=1` }
  const r = rutube(url)
  if (r) return { kind: 'embed', host: 'rutube', src: `https://rutube.ru/play/embed/${r}?autoplay=1` }
  const v = vk(url)
  if (v)
    return {
      kind: 'embed',
      host: 'vk',
      src: `https://vkvideo.ru/video_ext.php?oid=${v.oid}&id=${v.id}&autoplay=1`,
    }
  return null
}
