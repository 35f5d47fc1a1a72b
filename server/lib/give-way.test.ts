import { setImmediate as nextTurn } from 'node:timers/promises';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerForegroundRequests } from '../http/foreground.ts';
import { giveWay, requestStarted } from './give-way.ts';

/** Long enough never to end a wait while a test looks (a loaded machine may pause a while). */
const FOREVER = { maxWaitMs: 600_000 };

/** Whether `promise` has settled after a few turns of the event loop. */
async function settledSoon(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let turn = 0; turn < 3; turn++) await nextTurn();
  return settled;
}

describe('giving way to requests', () => {
  it('goes on after a turn when no request is in flight', async () => {
    expect(await settledSoon(giveWay())).toBe(true);
  });

  it('waits while a request is in flight, and goes on when it ends', async () => {
    const end = requestStarted();
    const paused = giveWay(FOREVER);
    expect(await settledSoon(paused)).toBe(false);
    end();
    expect(await settledSoon(paused)).toBe(true);
    // Ending twice counts once: nothing is in flight now.
    end();
    expect(await settledSoon(giveWay())).toBe(true);
  });

  it('goes on anyway after a while under a request that does not end', async () => {
    const end = requestStarted();
    try {
      await expect(giveWay()).resolves.toBeUndefined();
    } finally {
      end();
    }
  });

  it('counts each HTTP request from its arrival until its response is done', async () => {
    const app = Fastify();
    registerForegroundRequests(app);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let arrived!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    app.get('/slow', async () => {
      arrived();
      await answered;
      return { ok: true };
    });
    try {
      const response = app.inject('/slow');
      await arrival;
      const paused = giveWay(FOREVER);
      expect(await settledSoon(paused)).toBe(false);
      answer();
      expect((await response).statusCode).toBe(200);
      expect(await settledSoon(paused)).toBe(true);
      // Refused requests end too.
      expect((await app.inject('/missing')).statusCode).toBe(404);
      expect(await settledSoon(giveWay())).toBe(true);
    } finally {
      await app.close();
    }
  });
});
