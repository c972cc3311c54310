import { exchangeHandler } from '@/domains/exchange/exchange-edge.server'

// 1С's «Обмен с сайтом» knows the Bitrix address only (ADR 189).
export const GET = exchangeHandler
export const POST = exchangeHandler
export const dynamic = 'force-dynamic'
