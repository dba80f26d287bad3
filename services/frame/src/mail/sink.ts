import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** One message the sink received. */
export interface SinkMessage {
  from: string
  to: string[]
  subject: string
  text: string
  /** The first 6-digit number of the text outside links: the one-time code of a login mail (null for a device link). */
  code: string | null
  receivedAt: string
}

/** Largest message the sink accepts; code mails are a few hundred bytes. */
const MAX_MESSAGE_BYTES = 256 * 1024
/** Messages kept (oldest dropped first). */
const MAX_MESSAGES = 500

function decodeQuotedPrintable(body: string): string {
  const bytes = Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1')
  return bytes.toString('utf8')
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`) in a header value. */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g, (_, _charset: string, enc: string, data: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  )
}

/**
 * Parses the single-part text mails this service sends (headers, then a 7bit, quoted-printable or base64 body).
 * Enough for the dev inbox; it is not a general MIME parser.
 */
export function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/)
  const head = split === -1 ? raw : raw.slice(0, split)
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '')
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body
  return { subject: decodeHeader(headers.get('subject') ?? ''), text: text.replace(/\r\n/g, '\n').trimEnd() }
}

/** The dev/test SMTP sink: a real SMTP server on loopback that keeps what it receives in memory. */
export interface SmtpSink {
  port: number
  /** Received messages, newest first. */
  messages(): SinkMessage[]
  close(): Promise<void>
}

/** Starts the sink on `port` (0 picks a free one) on 127.0.0.1. No auth, no TLS: it is reachable from loopback only. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const inbox: SinkMessage[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', callback)
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(Object.assign(new Error('Message too large'), { responseCode: 552 }))
        const { subject, text } = parseMessage(Buffer.concat(chunks).toString('utf8'))
        inbox.unshift({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject,
          text,
          code: /\b(\d{6})\b/.exec(text.replace(/\S*:\/\/\S*/g, ' '))?.[1] ?? null, // digits inside a link are no code
          receivedAt: new Date().toISOString(),
        })
        inbox.length = Math.min(inbox.length, MAX_MESSAGES)
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  // Errors on a client socket must not take the service down.
  server.on('error', () => undefined)
  const address = server.server.address() as AddressInfo
  return {
    port: address.port,
    messages: () => inbox.slice(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
