import 'server-only'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { env } from '@/lib/env'
import { testHook } from '@/lib/test-hooks'
import { messageIdFor, type MailMessage } from './mail'

/** Sends through SMTP when SMTP_URL is set; otherwise writes an .eml file to var/mail/ (works offline). */
export interface MailTransport {
  /** `from`: the back office's sender setting, when set; otherwise MAIL_FROM. */
  send(message: MailMessage & { from?: string }, id: number): Promise<void>
}

function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url)
  return {
    async send(message, id) {
      await transporter.sendMail({ from: env().MAIL_FROM, messageId: messageIdFor(id, env().PUBLIC_URL), ...message })
    },
  }
}

function fileTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(message, id) {
      const info = await transporter.sendMail({ from: env().MAIL_FROM, messageId: messageIdFor(id, env().PUBLIC_URL), ...message })
      await mkdir(dir, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      await writeFile(path.join(dir, `${stamp}-${id}.eml`), info.message as Buffer)
    },
  }
}

let transport: MailTransport | undefined

/** Tests record or fail mails through a stand-in; undefined: the configured transport. */
export const transportOverride = testHook<MailTransport | undefined>('mail transport', undefined)

export function mailTransport(): MailTransport {
  const override = transportOverride()
  if (override) return override
  const { SMTP_URL, VAR_DIR } = env()
  transport ??= SMTP_URL ? smtpTransport(SMTP_URL) : fileTransport(path.join(VAR_DIR, 'mail'))
  return transport
}
