import { previewAction } from '@/domains/content/preview'
import { ui } from '../styles'

/**
 * «Предпросмотр»: posts to the preview route (ADR 201), which turns on draft mode in this browser and
 * opens the storefront page in a new tab, drafts included. Shows what was last saved.
 */
export function PreviewButton({ path }: { path: string }) {
  return (
    <form method="post" action={previewAction(path)} target="_blank">
      <button type="submit" className={ui.buttonSecondary}>
        Предпросмотр
      </button>
    </form>
  )
}
