import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

/** A plain-text mail to one recipient. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail (injected into buildApp, so tests can point it at their own SMTP server). */
export interface Mailer {
  /** Resolves once the mail is handed over; rejects with the transport's error. */
  send(mail: Mail): Promise<void>;
}

/**
 * Mail through the SMTP server of `url` (`smtp://user:pass@host:587` upgrades with STARTTLS when
 * the server offers it; `smtps://…:465` is TLS from the start), sent from `from`. Timeouts are
 * seconds, not nodemailer's minutes: a dead mail server should fail a send, not hold it.
 */
export function createSmtpMailer(url: string, from: string): Mailer {
  // nodemailer loads with the first mail, not at start (OPERATIONS.md#start-time-and-memory).
  let transport: Promise<Transporter> | undefined;
  const connect = async () =>
    (await import('nodemailer')).default.createTransport(
      { url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
      { from },
    );
  return {
    async send(mail) {
      await (await (transport ??= connect())).sendMail(mail);
    },
  };
}

/**
 * Without SMTP configured, "sending" writes the whole mail to the server log at warn level, so
 * an administrator can still pass a reset link on (README, configuration).
 */
export function createLogMailer(log: FastifyBaseLogger): Mailer {
  return {
    send(mail) {
      log.warn(
        `SMTP_URL is not set, so this mail to ${mail.to} was not sent:\n${mail.subject}\n\n${mail.text}`,
      );
      return Promise.resolve();
    },
  };
}
