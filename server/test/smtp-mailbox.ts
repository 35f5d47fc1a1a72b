import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A message as the mail server received it. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpMailbox {
  port: number;
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The first message to `to` not taken yet; waits up to `timeoutMs` for it. */
  nextMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives (no TLS, no auth: loopback only).
 * `port` 0 picks a free one; with `dir`, each message is also written there as `<n>.eml`, for
 * readers in another process (the Playwright global setup and its tests).
 */
export async function startSmtpMailbox(
  options: { port?: number; dir?: string } = {},
): Promise<SmtpMailbox> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        if (options.dir) writeFileSync(join(options.dir, `${received.length}.eml`), mail.raw);
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const port = (server.server.address() as AddressInfo).port;

  function take(to: string): ReceivedMail | undefined {
    const mail = received.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));
    if (mail) taken.add(mail);
    return mail;
  }

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    nextMail(to, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        function check() {
          const mail = take(to);
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        }
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The text of a single-part message: its body, decoded from quoted-printable or base64. */
export function mailText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The decoded `Subject:` header (nodemailer sends plain ASCII subjects as they are). */
export function mailSubject(raw: string): string {
  return /^subject:\s*(.*)$/im.exec(raw)?.[1]?.trim() ?? '';
}

/** The password reset link in a mail (`…/reset?email=…&token=…`). */
export function resetLinkIn(raw: string): URL {
  const link = /https?:\/\/\S+\/reset\?\S+/.exec(mailText(raw))?.[0];
  if (!link) throw new Error(`no reset link in the mail:\n${raw}`);
  return new URL(link);
}
