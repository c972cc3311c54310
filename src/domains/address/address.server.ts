import 'server-only'
import { env } from '@/lib/env'
import { logger } from '@/lib/logger'
import { testHook } from '@/lib/test-hooks'
import { freeTextAddressService, type AddressService } from './address'
import { dadataAddressService } from './dadata.server'

/**
 * The address service in use (ADR 175): DaData when DADATA_API_KEY is set, else the free-text check.
 * Whatever DaData does (down, slow, out of requests, a strange answer), the buyer's form keeps working:
 * the free-text check answers instead, and city detection simply finds nothing.
 */
export const addressServiceOverride = testHook<AddressService | null>('address service', null)

let current: { key: string; service: AddressService } | undefined

export function addressService(): AddressService {
  const override = addressServiceOverride()
  if (override) return override
  const { DADATA_API_KEY: apiKey, DADATA_API_URL: baseUrl } = env()
  if (!apiKey) return freeTextAddressService
  const key = `${baseUrl}|${apiKey}`
  if (current?.key !== key) current = { key, service: withFallback(dadataAddressService({ apiKey, baseUrl: baseUrl.replace(/\/+$/, '') })) }
  return current.service
}

/** A service that falls back to the free-text check when `primary` fails. */
export function withFallback(primary: AddressService, fallback: AddressService = freeTextAddressService): AddressService {
  const warn = (what: string, error: unknown) =>
    logger.warn({ err: error instanceof Error ? error.message : String(error), service: primary.code }, `address ${what} failed; free text instead`)
  return {
    code: primary.code,
    async suggest(city, query, limit) {
      try {
        return await primary.suggest(city, query, limit)
      } catch (error) {
        warn('suggest', error)
        return fallback.suggest(city, query, limit)
      }
    },
    async check(city, address) {
      try {
        return await primary.check(city, address)
      } catch (error) {
        warn('check', error)
        return fallback.check(city, address)
      }
    },
    async locate(ip) {
      try {
        return await primary.locate(ip)
      } catch (error) {
        warn('locate', error)
        return null
      }
    },
  }
}
