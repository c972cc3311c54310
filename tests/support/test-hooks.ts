import { vi } from 'vitest'
import { permissionGuard } from '@/admin/endpoint'
import type { AddressService } from '@/domains/address/address'
import { addressServiceOverride } from '@/domains/address/address.server'
import { guestMergeGuard } from '@/domains/account/guest-merge.server'
import { providerOverride, type SocialProvider } from '@/domains/account/social-login.server'
import { throttleGuard } from '@/domains/account/throttle.server'
import { captchaSettings, type CaptchaSettings } from '@/domains/captcha/captcha.server'
import { checkoutLimitGuard } from '@/domains/checkout/checkout-limits.server'
import { basketGuards } from '@/domains/cart/cart.server'
import { slotGuard } from '@/domains/delivery/delivery.server'
import { transportOverride, type MailTransport } from '@/domains/mail/transport.server'
import { guards, type IntegrityGuards } from '@/domains/orders/integrity-guards'
import { heldPaymentGuard } from '@/domains/orders/order-expiry.server'
import { sandboxRefunds } from '@/domains/payment/payment'
import { callbackGuard } from '@/domains/payment/payment.server'
import { refundGuard } from '@/domains/payment/refund.server'
import { clockOverride } from '@/lib/clock'
import { envReloads } from '@/lib/env'
import { staleRenderGuard } from '@/lib/page-cache'

/**
 * The switches tests flip in production modules (ADR 151). Each module declares its hook with
 * testHook() and refuses a change outside NODE_ENV=test; these are the only callers. A file that
 * flips a switch puts it back in its own afterEach/afterAll: each test file has fresh modules, so
 * nothing leaks from one file to the next.
 */

/** Time as the clock answers it; null: the real time. */
export function setClock(fn: (() => Date) | null): void {
  clockOverride.set(fn)
}

/** The next env() reads process.env again (after vi.stubEnv or vi.unstubAllEnvs). */
export function reloadEnv(): void {
  envReloads.set(envReloads() + 1)
}

/** Turns integrity guards (R1–R3, R6, R7) off for a negative control; 'reset': all on. */
export function setIntegrityGuards(change: Partial<IntegrityGuards> | 'reset'): void {
  if (change === 'reset') guards.reset()
  else guards.set({ ...guards(), ...change })
}

/** R4's courier slot capacity check. */
export function setSlotGuard(on: boolean): void {
  slotGuard.set(on)
}

/** A stand-in that records or fails mails; undefined: the configured transport. */
export function setMailTransport(replacement: MailTransport | undefined): void {
  transportOverride.set(replacement)
}

/** Password-guessing and costly-action limits (S3, S11). */
export function setThrottleEnabled(on: boolean): void {
  throttleGuard.set(on)
}

/** The social login provider; null: social login off; undefined: the one SOCIAL_LOGIN names. */
export function setSocialProvider(provider: SocialProvider | null | undefined): void {
  providerOverride.set(provider)
}

/** R9's guarded guest-basket merge; off: the naive merge. */
export function setMergeGuard(on: boolean): void {
  guestMergeGuard.set(on)
}

/** The basket's limit checks and owner lock. */
export function setBasketGuards(value: { limits: boolean; lock: boolean }): void {
  basketGuards.set(value)
}

/** The checkout's order and coupon limits (S11, ADR 154). */
export function setCheckoutLimits(on: boolean): void {
  checkoutLimitGuard.set(on)
}

/** Whether the payment sandbox accepts refunds or declines them (ADR 155). */
export function setSandboxRefunds(answer: 'accept' | 'decline'): void {
  sandboxRefunds.set(answer)
}

/** The page cache's refusal to keep a render that began before an invalidation (ADR 161). */
export function setStaleRenderGuard(on: boolean): void {
  staleRenderGuard.set(on)
}

/** Captcha difficulty and guards; each left out takes its production value; null: all production values. */
export function setCaptcha(options: Partial<CaptchaSettings> | null): void {
  captchaSettings.reset()
  if (options) captchaSettings.set({ ...captchaSettings(), ...options })
}

/** The back office's permission check (ADR 162), off only in the role matrix's negative control. */
export function setPermissionGuard(on: boolean): void {
  permissionGuard.set(on)
}

/** The refund's order lock and a meeting point after its check (ADR 165); null: production values. */
export function setRefundGuard(value: { lock: boolean; afterCheck: (() => Promise<void>) | null } | null): void {
  if (value) refundGuard.set(value)
  else refundGuard.reset()
}

/** The payment callback's order lock and a hook after its amount check (ADR 169); null: production values. */
export function setCallbackGuard(value: { lock: boolean; afterCheck: (() => Promise<void>) | null } | null): void {
  if (value) callbackGuard.set(value)
  else callbackGuard.reset()
}

/** The address service (ADR 175); null: the one the settings name (free text without DADATA_API_KEY). */
export function setAddressService(service: AddressService | null): void {
  addressServiceOverride.set(service)
}

/** The unpaid-order job's skip of orders with a held two-stage payment (ADR 183); off: the negative control. */
export function setHeldPaymentGuard(on: boolean): void {
  heldPaymentGuard.set(on)
}

/** Sets settings as the environment would (a provider's keys, its fake's address) for the next env() reads. */
export function stubSettings(values: Record<string, string>): void {
  for (const [key, value] of Object.entries(values)) vi.stubEnv(key, value)
  reloadEnv()
}

/** Back to the settings the test process started with. */
export function restoreSettings(): void {
  vi.unstubAllEnvs()
  reloadEnv()
}
