import { useEffect } from 'react'

/**
 * Drawn in place of a picture that could not be loaded: a light frame with a mountain sign, so a slide
 * keeps its shape and shows no broken-image icon or stray alt text. Inline, so it cannot fail itself.
 */
export const FAILED_IMAGE_PLACEHOLDER = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 120" width="160" height="120">' +
    '<rect width="160" height="120" fill="#f1f3f5"/>' +
    '<path d="M52 82l20-26 14 17 10-12 14 21z" fill="#cdd4db"/><circle cx="100" cy="46" r="7" fill="#cdd4db"/></svg>',
)}`

/** Marks an image failed (`data-failed`, the spec's "image marked failed") and shows the placeholder. */
export function markImageFailed(img: HTMLImageElement): void {
  // The placeholder is inline and cannot fail; this only guards against a loop.
  if (img.getAttribute('src') === FAILED_IMAGE_PLACEHOLDER) return
  img.setAttribute('data-failed', '')
  // A srcset would win over src and bring the broken picture back.
  img.removeAttribute('srcset')
  img.src = FAILED_IMAGE_PLACEHOLDER
}

/**
 * Every image inside `root` that fails to load is marked failed and replaced by the placeholder;
 * one that later loads a new picture (React changed its src) loses the mark.
 */
export function useFailedImages(root: HTMLElement | null): void {
  useEffect(() => {
    if (!root) return
    // load and error do not bubble, so they are caught on the way down.
    const onError = (e: Event) => {
      if (e.target instanceof HTMLImageElement) markImageFailed(e.target)
    }
    const onLoad = (e: Event) => {
      const img = e.target
      if (img instanceof HTMLImageElement && img.getAttribute('src') !== FAILED_IMAGE_PLACEHOLDER) img.removeAttribute('data-failed')
    }
    root.addEventListener('error', onError, true)
    root.addEventListener('load', onLoad, true)
    // Pictures of the server's HTML may have failed before this script ran; their error went unseen.
    // decode() settles at once for a finished image and rejects only for a broken one.
    for (const img of root.querySelectorAll('img')) {
      if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) img.decode().catch(() => markImageFailed(img))
    }
    return () => {
      root.removeEventListener('error', onError, true)
      root.removeEventListener('load', onLoad, true)
    }
  }, [root])
}
