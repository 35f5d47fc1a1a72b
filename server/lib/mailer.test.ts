import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createLogMailer } from './mailer.ts';

describe('createLogMailer', () => {
  it('writes the whole mail, link included, to the server log', async () => {
    const warn = vi.fn();
    const mailer = createLogMailer({ warn } as unknown as FastifyBaseLogger);
    await mailer.send({
      to: 'ada@example.com',
      subject: 'Reset your Nestmark password',
      text: 'Open http://nestmark.test/reset?email=ada%40example.com&token=abc',
    });
    const line = String(warn.mock.calls[0]?.[0]);
    expect(line).toContain('ada@example.com');
    expect(line).toContain('http://nestmark.test/reset?email=ada%40example.com&token=abc');
    expect(line).toContain('SMTP_URL is not set');
  });
});
