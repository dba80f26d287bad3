import nodemailer from 'nodemailer'
import type { IssuedCode, IssuedDeviceLink } from '../emailCodes.js'
import type { IssuedUpdateCode } from '../emailUpdates.js'

/** Sends the code mails over SMTP. */
export interface Mailer {
  sendCode(issued: IssuedCode): Promise<void>
  /** Mails the "new device" link `url` (which carries the link token) to `link.email`. */
  sendDeviceLink(link: Pick<IssuedDeviceLink, 'email' | 'expiresAt'>, url: string, ttlMs: number): Promise<void>
  /** Mails a code of an email change to `issued.to` (the current address, then the new one). */
  sendUpdateCode(issued: IssuedUpdateCode): Promise<void>
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

/** The text of a device-verification mail. It holds no 6-digit number, so the dev inbox shows no code for it. */
export function deviceLinkMail(url: string, ttlMs: number): { subject: string; text: string } {
  const minutes = Math.round(ttlMs / 60_000)
  return {
    subject: 'Approve a new device for your Portico login',
    text: [
      'Someone is trying to log in to Portico with your email from a new device.',
      '',
      'If it is you, open this link to approve the device, then go back to the app:',
      url,
      '',
      `The link works once and expires in ${minutes} minutes.`,
      'If you did not try to log in, ignore this email: nothing happens without the link.',
    ].join('\n'),
  }
}

/**
 * The text of an email-change code mail. The code comes first: the new address, named later in the text, may itself
 * hold six digits.
 */
export function updateCodeMail(issued: Pick<IssuedUpdateCode, 'stage' | 'code' | 'newEmail'>, codeTtlMs: number): { subject: string; text: string } {
  const minutes = Math.round(codeTtlMs / 60_000)
  const lines =
    issued.stage === 'primary'
      ? [
          `Your Portico email change code is ${issued.code}`,
          '',
          `Someone asked to change the email of your Portico login to ${issued.newEmail}.`,
          'Enter this code to confirm it is you; a second code then goes to the new address.',
        ]
      : [`Your Portico email confirmation code is ${issued.code}`, '', 'Enter this code to make this address the email of your Portico login.']
  return {
    subject: `${issued.code} is your Portico ${issued.stage === 'primary' ? 'email change' : 'email confirmation'} code`,
    text: [...lines, '', `It works once and expires in ${minutes} minutes.`, 'If you did not ask for this, ignore this email: nothing changes without the code.'].join('\n'),
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
    async sendDeviceLink(link, url, ttlMs) {
      await transport.sendMail({ from, to: link.email, ...deviceLinkMail(url, ttlMs) })
    },
    async sendUpdateCode(issued) {
      await transport.sendMail({ from, to: issued.to, ...updateCodeMail(issued, codeTtlMs) })
    },
    close: () => transport.close(),
  }
}
