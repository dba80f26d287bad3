import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '@portico/service-api/testing'
import { type TestFrame, startTestFrame } from '../testing/harness.js'
import { codeMail, createMailer, deviceLinkMail } from './mailer.js'
import { type SmtpSink, parseMessage, startSmtpSink } from './sink.js'

describe('SMTP sink', () => {
  it('behavior: parses quoted-printable and base64 bodies and encoded subjects', () => {
    const qp = parseMessage('Subject: =?UTF-8?Q?Caf=C3=A9_code?=\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nCaf=C3=A9 123456 lon=\r\ng line\r\n')
    expect(qp).toEqual({ subject: 'Café code', text: 'Café 123456 long line' })
    const b64 = parseMessage(`Subject: =?UTF-8?B?${Buffer.from('Ünïcode').toString('base64')}?=\nContent-Transfer-Encoding: base64\n\n${Buffer.from('code 654321').toString('base64')}\n`)
    expect(b64).toEqual({ subject: 'Ünïcode', text: 'code 654321' })
  })

  it('behavior: a mail sent with nodemailer arrives over SMTP, newest first, with its code extracted', async () => {
    const sink = await startSmtpSink(0)
    try {
      const mailer = createMailer({ sinkPort: sink.port }, 'Portico <login@portico.localhost>', 600_000)
      await mailer.sendCode({ email: 'first@example.test', code: '012345', expiresAt: new Date() })
      await mailer.sendCode({ email: 'second@example.test', code: '999999', expiresAt: new Date() })
      mailer.close()
      const [newest, oldest] = sink.messages()
      expect(newest).toMatchObject({ to: ['second@example.test'], code: '999999', from: 'login@portico.localhost' })
      expect(oldest).toMatchObject({ to: ['first@example.test'], code: '012345' })
      expect(oldest.text).toBe(codeMail({ email: 'first@example.test', code: '012345', expiresAt: new Date() }, 600_000).text)
    } finally {
      await sink.close()
    }
  })

  it('behavior: a device-link mail arrives with its long link intact and no code, even when the link holds digits', async () => {
    const sink = await startSmtpSink(0)
    try {
      const mailer = createMailer({ sinkPort: sink.port }, 'Portico <login@portico.localhost>', 600_000)
      const url = `http://127.0.0.1:4320/v1/device/verify?token=-123456-${'a'.repeat(35)}`
      await mailer.sendDeviceLink({ email: 'dev@example.test', expiresAt: new Date() }, url, 600_000)
      mailer.close()
      const [mail] = sink.messages()
      expect(mail.text).toBe(deviceLinkMail(url, 600_000).text)
      expect(mail.text).toContain(url)
      expect(mail.code).toBeNull()
      expect(mail.subject).toBe('Approve a new device for your Portico login')
    } finally {
      await sink.close()
    }
  })
})

describe('frame server with SMTP_URL', () => {
  let external: SmtpSink
  let frame: TestFrame
  let broken: TestFrame

  beforeAll(async () => {
    external = await startSmtpSink(0)
    frame = await startTestFrame({ smtpUrl: `smtp://127.0.0.1:${external.port}?ignoreTLS=true` })
    broken = await startTestFrame({ smtpUrl: `smtp://127.0.0.1:${await freePort()}` })
  })
  afterAll(async () => {
    await Promise.all([frame?.close(), broken?.close()])
    await external?.close()
  })

  it('behavior: the code goes to the configured SMTP server and the dev inbox routes do not exist', async () => {
    const res = await frame.post('/v1/email/start', { email: 'Real@Example.test' })
    expect(res.status).toBe(200)
    expect(external.messages()[0]).toMatchObject({ to: ['real@example.test'] })
    expect(frame.server.sink).toBeNull()
    expect((await frame.get('/inbox.json')).status).toBe(404)
    expect((await frame.get('/inbox')).status).toBe(404)
    expect((await frame.get('/health')).body.mail).toBe('smtp')
  })

  it('error: an unreachable SMTP server gives 502 MAIL_FAILED and the unsent code can never be used', async () => {
    const res = await broken.post('/v1/email/start', { email: 'lost@example.test' })
    expect(res.status).toBe(502)
    expect(res.body.code).toBe('MAIL_FAILED')
    const rows = await broken.server.db.query<{ status: string }>("select status from frame_email_codes where email = 'lost@example.test'")
    expect(rows).toEqual([{ status: 'ended' }])
  })
})
