import { mkdirSync, rmSync } from 'node:fs';
import { startSmtpMailbox } from '../server/test/smtp-mailbox.ts';
import { MAIL_DIR, SMTP_PORT } from './fixtures.ts';

/**
 * A real SMTP server for the e2e server's mails (playwright.config.ts points SMTP_URL at it).
 * It writes each message to MAIL_DIR, where the journeys, in other processes, read them.
 */
export default async function globalSetup() {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  const mailbox = await startSmtpMailbox({ port: SMTP_PORT, dir: MAIL_DIR });
  return () => mailbox.close();
}
