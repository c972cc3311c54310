/** One id per page load: ties the search and cart events of one page view together. */
let guid: string | null = null

export function viewGuid(): string {
  if (guid) return guid
  guid =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
  return guid
}
