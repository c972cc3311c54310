import { socialFeedInput } from '@/domains/showcases/showcases.schema'
import { socialFeed } from '@/domains/showcases/showcases.server'
import { ajax } from '@/lib/ajax'

/** GET=Y → the social feed's posts {link, img}, from our own stored copies. */
export const POST = ajax(socialFeedInput, async () => socialFeed())
