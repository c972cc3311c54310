/** Moscow wall time for the inbox's lists: «25.11.2026, 14:05». */
export const moscow = (iso: string) => new Date(iso).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', dateStyle: 'short', timeStyle: 'short' })
