import { favoritesInput } from '@/domains/favorites/favorites.schema'
import { favoritesCall } from '@/domains/favorites/favorites.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(favoritesInput, (input, ctx) => favoritesCall(input, ctx.sessionId))
