import { suggestInput } from '@/domains/search/search.schema'
import { suggest } from '@/domains/search/search.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(suggestInput, (input) => suggest(input))
