import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints } from '../../../contract/auth.ts';
import {
  resetLinkIn,
  mailSubject,
  startSmtpMailbox,
  type SmtpMailbox,
} from '../../test/smtp-mailbox.ts';
import { createTestApp, type CallInput, type TestApp, type TestUser } from '../../test/test-app.ts';

let mailbox: SmtpMailbox;
let t: TestApp;

beforeAll(async () => {
  mailbox = await startSmtpMailbox();
  t = await createTestApp({
    // Behind a proxy, so that a test can send requests from addresses of its own.
    config: {
      smtpUrl: mailbox.url,
      mailFrom: 'Nestmark <nestmark@nestmark.test>',
      trustProxy: true,
    },
  });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

const forgot = (email: string) => t.call(authEndpoints.forgot, { body: { email } });

const reset = (body: CallInput<typeof authEndpoints.reset>['body']) =>
  t.call(authEndpoints.reset, { body });

const login = (email: string, password: string) =>
  t.call(authEndpoints.login, { body: { email, password } });

/** Asks for a reset of `user` and reads the link from the mail the SMTP server received. */
async function mailedLink(user: TestUser) {
  expect((await forgot(user.email)).status).toBe(200);
  const mail = await mailbox.nextMail(user.email);
  return resetLinkIn(mail.raw);
}

function resetBody(link: URL, password: string) {
  return {
    email: link.searchParams.get('email')!,
    token: link.searchParams.get('token')!,
    password,
    password_confirmation: password,
  };
}

describe('forgot → mail → reset', () => {
  it('mails a link to APP_URL/reset with email and token; the token sets a new password once', async () => {
    const user = await t.createUser({ email: 'Reset.Me@example.com' });
    expect((await forgot('  reset.me@EXAMPLE.com ')).status).toBe(200);
    const mail = await mailbox.nextMail('reset.me@example.com');
    expect(mailSubject(mail.raw)).toBe('Reset your Nestmark password');
    const link = resetLinkIn(mail.raw);
    expect(link.origin + link.pathname).toBe('http://nestmark.test/reset');
    expect(link.searchParams.get('email')).toBe('reset.me@example.com');
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{43}$/);

    const res = await reset(resetBody(link, 'my new password'));
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('Your password has been reset.');
    expect((await login(user.email, 'my new password')).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(401);

    const again = await reset(resetBody(link, 'another password'));
    expect(again.status).toBe(400);
    expect(again.error?.fields?.token?.[0]).toMatch(/invalid or has expired/);
    expect((await login(user.email, 'another password')).status).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const user = await t.createUser();
    const link = await mailedLink(user);
    const row = await t.db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const token = link.searchParams.get('token')!;
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
  });

  it('ends every session of the user', async () => {
    const user = await t.createUser();
    const link = await mailedLink(user);
    expect((await reset(resetBody(link, 'fresh password'))).status).toBe(200);
    expect((await t.call(authEndpoints.me, { token: user.token })).status).toBe(401);
    expect((await t.call(authEndpoints.refresh, { token: user.token })).status).toBe(401);
  });

  it('refuses a token older than 60 minutes', async () => {
    const user = await t.createUser();
    const link = await mailedLink(user);
    t.clock.advance(60 * 60 * 1000);
    const res = await reset(resetBody(link, 'too late password'));
    expect(res.status).toBe(400);
    expect(res.error?.fields?.token).toBeDefined();
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('mails nothing new within a minute; a newer link replaces the older one', async () => {
    const user = await t.createUser();
    const first = await mailedLink(user);
    expect((await forgot(user.email)).status).toBe(200);
    await expect(mailbox.nextMail(user.email, 300)).rejects.toThrow(/no mail/);

    t.clock.advance(61 * 1000);
    const second = await mailedLink(user);
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));
    expect((await reset(resetBody(first, 'from the old link'))).status).toBe(400);
    expect((await reset(resetBody(second, 'from the new link'))).status).toBe(200);
  });

  it('refuses a wrong token, another email and bad input with 400, writing nothing', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const link = await mailedLink(user);
    const body = resetBody(link, 'good new password');

    const wrongToken = await reset({ ...body, token: `${body.token.slice(0, -2)}xx` });
    expect(wrongToken.status).toBe(400);
    const otherEmail = await reset({ ...body, email: other.email });
    expect(otherEmail.status).toBe(400);
    const unknownEmail = await reset({ ...body, email: 'nobody@example.com' });
    expect(unknownEmail.text).toBe(otherEmail.text);

    const mismatch = await reset({ ...body, password_confirmation: 'something else' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.error?.fields?.password_confirmation).toEqual(['The passwords do not match.']);
    const weak = await reset({ ...body, password: 'short', password_confirmation: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.error?.fields?.password).toEqual(['A password needs at least 10 characters.']);
    const guessable = await reset({
      ...body,
      password: 'password123',
      password_confirmation: 'password123',
    });
    expect(guessable.status).toBe(400);
    expect(guessable.error?.fields?.password?.[0]).toMatch(/^This password is too easy to guess\./);

    expect((await login(user.email, user.password)).status).toBe(200);
    expect((await reset(body)).status).toBe(200);
  });
});

describe('POST /api/auth/forgot', () => {
  it('answers byte for byte the same for a known and an unknown email', async () => {
    const user = await t.createUser();
    const known = await forgot(user.email);
    const unknown = await forgot('nobody-here@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.text).toBe(known.text);
    const headersOf = (res: typeof known) => {
      const { date: _date, ...rest } = res.headers;
      return rest;
    };
    expect(headersOf(unknown)).toEqual(headersOf(known));
    expect(known.body.data.message).toMatch(/If an account uses this email address/);
    await mailbox.nextMail(user.email);
    await expect(mailbox.nextMail('nobody-here@example.com', 300)).rejects.toThrow(/no mail/);
  });

  it('answers a malformed email with 400', async () => {
    const res = await forgot('not an email');
    expect(res.status).toBe(400);
    expect(res.error?.fields?.email).toEqual(['Enter a valid email address.']);
  });

  it('answers the 11th request from one address within 15 minutes with 429, whatever the emails', async () => {
    const user = await t.createUser();
    const forgotFrom = (ip: string, email: string) =>
      t.call(authEndpoints.forgot, { body: { email }, headers: { 'x-forwarded-for': ip } });
    for (let i = 1; i <= 10; i++) {
      expect((await forgotFrom('10.0.9.1', `someone${i}@example.com`)).status).toBe(200);
    }
    const blocked = await forgotFrom('10.0.9.1', user.email);
    expect(blocked.status).toBe(429);
    expect(blocked.error?.code).toBe('RATE_LIMITED');
    expect(blocked.headers['retry-after']).toBe('900');
    // Nothing was mailed for the refused request; other addresses are not held back.
    await expect(mailbox.nextMail(user.email, 300)).rejects.toThrow(/no mail/);
    expect((await forgotFrom('10.0.9.2', user.email)).status).toBe(200);
    await mailbox.nextMail(user.email);

    t.clock.advance(15 * 60 * 1000);
    expect((await forgotFrom('10.0.9.1', 'someone@example.com')).status).toBe(200);
  });
});
