/**
 * The session cookies' names, in one place for both sides: the server sets them (session.ts, the
 * proxy) and the browser reads `sessid` (ajax-client.ts), which cannot import the server's crypto.
 */
export const SESSION_COOKIE = 'vm_sid'
export const SESSID_COOKIE = 'vm_sessid'
