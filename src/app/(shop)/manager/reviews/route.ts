/**
 * Review moderation moved to the back office's inbox (issue 18, ADR 162); old bookmarks land there
 * (its login page first when no staff member is signed in). A relative Location, so the answer is
 * right behind any proxy.
 */
export function GET(): Response {
  return new Response(null, { status: 308, headers: { location: '/admin/inbox/' } })
}
