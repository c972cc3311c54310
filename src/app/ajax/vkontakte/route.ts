import { socialFeedInput } from '@/domains/content/content.schema'
import { socialFeed } from '@/domains/content/content.server'
import { ajax } from '@/lib/ajax'

/** GET=Y → the social feed's posts {link, img}, from our own stored copies. */
export const POST = ajax(socialFeedInput, async () => socialFeed())
