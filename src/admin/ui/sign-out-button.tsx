'use client'

export function SignOutButton() {
  const signOut = async () => {
    await fetch('/api/admin/session/', { method: 'DELETE', credentials: 'same-origin' })
    // A full load on purpose: the shared admin layout must render anew, without the session.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign('/admin/login/')
  }
  return (
    <button type="button" onClick={signOut} className="text-sm text-white/80 underline-offset-2 hover:text-white hover:underline">
      Выйти
    </button>
  )
}
