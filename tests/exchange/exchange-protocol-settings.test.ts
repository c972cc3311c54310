import { describe, expect, it } from 'vitest'
import { EXCHANGE_SETTING_MESSAGES as M, readExchangeProtocol, resolveExchangeSettings, stockFromWarehouses, type ExchangeEnv } from '@/domains/exchange/exchange-settings'
import { patchErrors, settingValue, settingsPatch } from '@/domains/settings/settings'

/** ADR 198: the exchange's settings in the registry, the environment as the fallback of each empty field. */
const ENV: ExchangeEnv = { EXCHANGE_ENCODING: 'windows-1251', EXCHANGE_FILE_LIMIT: 8_388_608, EXCHANGE_STEP_SECONDS: 20, EXCHANGE_RETAIL_PRICE_TYPE: 'Интернет', EXCHANGE_WAREHOUSES: 'w-1, w-2' }

describe('exchange settings', () => {
  it('empty fields (as the back-office form sends them) keep the environment’s values', () => {
    const patch = settingsPatch.parse({ 'exchange.protocol': { encoding: '', fileLimitKb: '', stepSeconds: '' }, 'exchange.catalog': { retailPriceType: '', oldPriceType: '', warehouses: '', firstWarehouseOnly: false } })
    const resolved = resolveExchangeSettings(patch['exchange.protocol']!, patch['exchange.catalog']!, ENV)
    expect(resolved).toEqual({ encoding: 'windows-1251', fileLimit: 8_388_608, stepSeconds: 20, retailPriceType: 'Интернет', oldPriceType: undefined, warehouses: ['w-1', 'w-2'], stock: 'sum' })
    // Nothing stored at all: the same.
    expect(resolveExchangeSettings(settingValue('exchange.protocol', undefined), settingValue('exchange.catalog', undefined), ENV)).toEqual(resolved)
    // Cleared (PATCH null): the same.
    expect(resolveExchangeSettings(settingsPatch.parse({ 'exchange.protocol': null })['exchange.protocol'] ?? null, null, ENV)).toEqual(resolved)
  })

  it('the owner’s values win over the environment', () => {
    const patch = settingsPatch.parse({ 'exchange.protocol': { encoding: 'UTF-8', fileLimitKb: 1024, stepSeconds: 5 }, 'exchange.catalog': { retailPriceType: 'Розничная', oldPriceType: 'Старая', warehouses: 'w-9,w-1', firstWarehouseOnly: true } })
    expect(resolveExchangeSettings(patch['exchange.protocol']!, patch['exchange.catalog']!, ENV)).toEqual({ encoding: 'utf-8', fileLimit: 1_048_576, stepSeconds: 5, retailPriceType: 'Розничная', oldPriceType: 'Старая', warehouses: ['w-9', 'w-1'], stock: 'first' })
  })

  it('refuses wrong values field by field, in Russian', () => {
    const errors = patchErrors({ 'exchange.protocol': { encoding: 'koi8-r', fileLimitKb: 10, stepSeconds: 0 } })
    expect(errors).toEqual([
      { field: 'exchange.protocol.encoding', message: M.encoding },
      { field: 'exchange.protocol.fileLimitKb', message: M.fileLimit },
      { field: 'exchange.protocol.stepSeconds', message: M.stepSeconds },
    ])
    expect(patchErrors({ 'exchange.protocol': { encoding: 'utf-8', fileLimitKb: '12x', stepSeconds: 20 } })).toEqual([{ field: 'exchange.protocol.fileLimitKb', message: M.fileLimit }])
    expect(patchErrors({ 'exchange.catalog': { retailPriceType: '', oldPriceType: '', warehouses: '', firstWarehouseOnly: false, extra: 1 } })[0]?.message).toBe(M.unknownField)
  })

  it('a stored value with one unreadable field keeps the others', () => {
    expect(readExchangeProtocol({ encoding: 'utf-8', fileLimitKb: 'много', stepSeconds: 7 })).toEqual({ encoding: 'utf-8', fileLimitKb: null, stepSeconds: 7 })
    expect(readExchangeProtocol('garbage')).toEqual({ encoding: '', fileLimitKb: null, stepSeconds: null })
  })

  it('stock: the sum over the listed warehouses, or the first listed warehouse alone', () => {
    const stores = [
      { id: 'w-1', qty: 3 },
      { id: 'w-2', qty: 4 },
      { id: 'w-3', qty: 10 },
    ]
    expect(stockFromWarehouses(stores, { warehouses: [], stock: 'sum' })).toBe(17)
    expect(stockFromWarehouses(stores, { warehouses: ['w-2', 'w-1'], stock: 'sum' })).toBe(7)
    expect(stockFromWarehouses(stores, { warehouses: ['w-2', 'w-1'], stock: 'first' })).toBe(4)
  })
})
