/**
 * The import-substitution logo: a drawn tricolour beside the word. An emoji flag would show as the
 * letters "RU" on Windows, where most buyers' desktops are. The word may break after 'Импорто' (a soft
 * hyphen): in a two-column card on a 320 px phone it does not fit on one line (ADR 122).
 */
export function ImportLogo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1 ${className}`}>
      <svg viewBox="0 0 9 6" width="12" height="8" aria-hidden="true" className="shrink-0 rounded-[1px] ring-1 ring-line">
        <rect width="9" height="2" fill="#fff" />
        <rect y="2" width="9" height="2" fill="#0039a6" />
        <rect y="4" width="9" height="2" fill="#d52b1e" />
      </svg>
      <span className="min-w-0">Импорто&shy;замещение</span>
    </span>
  )
}
