import { z } from 'zod'
import { QUESTION_KINDS, REVIEW_STATUSES, SUBSCRIPTION_STATUSES } from '@/db/schema'
import {
  idParams,
  leadInboxQuery,
  moderationBody,
  questionInboxQuery,
  replyBody,
  reviewInboxQuery,
  subscriberFilter,
  subscriberQuery,
  type QuestionBox,
} from '@/domains/inbox/inbox.schema'
import {
  inboxB2bRequests,
  inboxCounts,
  inboxQuestions,
  inboxReviews,
  inboxSubscribers,
  inboxWebinarRegistrations,
  moderateFromInbox,
  replyToQuestion,
  subscribersCsv,
} from '@/domains/inbox/inbox.server'
import { csvFile, endpoint } from '../endpoint'

const TAG = 'Входящие'
const paged = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number(), page: z.number(), limit: z.number(), pages: z.number() })

export const inboxCountsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/inbox',
  permission: 'inbox.read',
  summary: 'Сколько ждёт: отзывы на проверке, вопросы и сообщения без ответа',
  tag: TAG,
  response: z.object({ reviews: z.number(), questions: z.number(), messages: z.number() }),
  handle: () => inboxCounts(),
})

const review = z.object({
  id: z.number(),
  productId: z.number(),
  productName: z.string(),
  authorName: z.string(),
  email: z.string(),
  userId: z.number().nullable(),
  source: z.string(),
  rating: z.number(),
  text: z.string(),
  date: z.string(),
  createdAt: z.string(),
  photos: z.array(z.object({ url: z.string(), width: z.number(), height: z.number() })),
})

export const listReviewsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/reviews',
  permission: 'inbox.read',
  summary: 'Отзывы по статусу (ждущие проверки — старые сначала)',
  tag: TAG,
  query: reviewInboxQuery,
  response: z.object({ items: z.array(review) }),
  handle: ({ query }) => inboxReviews(query),
})

export const moderateReviewEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/reviews/{id}/moderation',
  permission: 'inbox.write',
  summary: 'Опубликовать или отклонить отзыв (рейтинг товара пересчитывается)',
  tag: TAG,
  params: idParams,
  body: moderationBody,
  response: z.object({ success: z.boolean(), status: z.enum(REVIEW_STATUSES), message: z.string() }),
  handle: ({ params, body, actor }) => moderateFromInbox(actor, params.id, body),
})

const question = z.object({
  id: z.number(),
  kind: z.enum(QUESTION_KINDS),
  productId: z.number().nullable(),
  productName: z.string(),
  theme: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  userId: z.number().nullable(),
  createdAt: z.string(),
  replies: z.array(z.object({ id: z.number(), author: z.string(), text: z.string(), createdAt: z.string() })),
})

const questionList = (box: QuestionBox, path: string, summary: string) =>
  endpoint({
    method: 'GET',
    path,
    permission: 'inbox.read',
    summary,
    tag: TAG,
    query: questionInboxQuery,
    response: paged(question),
    handle: ({ query }) => inboxQuestions(box, query),
  })

export const listQuestionsEndpoint = questionList('questions', '/api/admin/questions', 'Вопросы о товарах, новые сначала, с ответами')
export const listMessagesEndpoint = questionList('messages', '/api/admin/messages', 'Сообщения из формы обратной связи и вопросы диетологу, новые сначала, с ответами')

export const replyEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/questions/{id}/reply',
  permission: 'inbox.write',
  summary: 'Ответить на вопрос или сообщение по e-mail (письмо уходит через очередь писем)',
  tag: TAG,
  params: idParams,
  body: replyBody,
  response: z.object({ id: z.number(), author: z.string(), text: z.string(), createdAt: z.string(), message: z.string() }),
  handle: ({ params, body, actor }) => replyToQuestion(actor, params.id, body.text),
})

export const listB2bRequestsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/b2b-requests',
  permission: 'inbox.read',
  summary: 'Заявки B2B, новые сначала',
  tag: TAG,
  query: leadInboxQuery,
  response: paged(
    z.object({
      id: z.number(),
      name: z.string(),
      phone: z.string(),
      email: z.string(),
      company: z.string(),
      position: z.string(),
      quantity: z.string(),
      interests: z.array(z.string()),
      createdAt: z.string(),
    }),
  ),
  handle: ({ query }) => inboxB2bRequests(query),
})

export const listWebinarRegistrationsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/webinar-registrations',
  permission: 'inbox.read',
  summary: 'Регистрации на вебинары, новые сначала',
  tag: TAG,
  query: leadInboxQuery,
  response: paged(
    z.object({ id: z.number(), name: z.string(), phone: z.string(), email: z.string(), createdAt: z.string(), eventId: z.number(), eventName: z.string(), eventStartsAt: z.string() }),
  ),
  handle: ({ query }) => inboxWebinarRegistrations(query),
})

export const listSubscribersEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/subscribers',
  permission: 'inbox.read',
  summary: 'Подписчики рассылки, новые сначала',
  tag: TAG,
  query: subscriberQuery,
  response: paged(
    z.object({
      id: z.number(),
      email: z.string(),
      page: z.string(),
      status: z.enum(SUBSCRIPTION_STATUSES),
      promo: z.boolean(),
      createdAt: z.string(),
      confirmedAt: z.string().nullable(),
      unsubscribedAt: z.string().nullable(),
    }),
  ),
  handle: ({ query }) => inboxSubscribers(query),
})

export const exportSubscribersEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/subscribers/export',
  permission: 'inbox.read',
  summary: 'Подписчики рассылки в CSV (UTF-8 с BOM, разделитель «;»)',
  tag: TAG,
  query: subscriberFilter,
  response: 'csv',
  handle: async ({ query }) => csvFile('подписчики.csv', await subscribersCsv(query)),
})

export const inboxEndpoints = [
  inboxCountsEndpoint,
  listReviewsEndpoint,
  moderateReviewEndpoint,
  listQuestionsEndpoint,
  listMessagesEndpoint,
  replyEndpoint,
  listB2bRequestsEndpoint,
  listWebinarRegistrationsEndpoint,
  listSubscribersEndpoint,
  exportSubscribersEndpoint,
]
