import { subscriptionLinkInput } from '@/domains/forms/forms.schema'
import { followSubscriptionLink } from '@/domains/forms/forms.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(subscriptionLinkInput, followSubscriptionLink)
