import nodemailer from 'nodemailer'
import type { IssuedCode } from '../emailCodes.js'

/** Sends the code mails over SMTP. */
export interface Mailer {
  sendCode(issued: IssuedCode): Promise<void>
  close(): void
}

/** The text of a code mail; the code is the only 6-digit number in it (the dev inbox extracts it from there). */
export function codeMail(issued: IssuedCode, codeTtlMs: number): { subject: string; text: string } {
  const minutes = Math.round(codeTtlMs / 60_000)
  return {
    subject: `${issued.code} is your Portico login code`,
    text: [
      `Your Portico login code is ${issued.code}`,
      '',
      `It works once and expires in ${minutes} minutes.`,
      'If you did not try to log in, ignore this email.',
    ].join('\n'),
  }
}

/** A mailer speaking SMTP to `smtpUrl` (a real server) or to the sink on 127.0.0.1:`sinkPort`. */
export function createMailer(target: { smtpUrl: string } | { sinkPort: number }, from: string, codeTtlMs: number): Mailer {
  const transport =
    'smtpUrl' in target
      ? nodemailer.createTransport(target.smtpUrl)
      : nodemailer.createTransport({ host: '127.0.0.1', port: target.sinkPort, secure: false, ignoreTLS: true })
  return {
    async sendCode(issued) {
      await transport.sendMail({ from, to: issued.email, ...codeMail(issued, codeTtlMs) })
    },
    close: () => transport.close(),
  }
}
