import { collectionEndpoints } from '../../contract/collections.ts';
import { postEndpoints } from '../../contract/posts.ts';
import { shareEndpoints } from '../../contract/shares.ts';
import { tagEndpoints } from '../../contract/tags.ts';
import type { CallInput } from './api-client.ts';
import type { TestApp, TestUser } from './test-app.ts';

/**
 * Setup for API tests: what `user` creates on `t` through the API, by kind (PRODUCT.md#entities).
 * Each answers the new row as the contract types it (the `data` of the endpoint's answer), and
 * throws unless the endpoint answered its success status (201), naming the call, the status and
 * the server's text (`CallResponse.body`). `user.token` is read at each call, so a test that signs
 * in again and replaces it keeps working.
 *
 * Tests of the create endpoints themselves call `t.call` and assert on the answer; this is for
 * the rows a test needs before what it proves.
 *
 * @example
 *   const as = createAs(t, user);
 *   const work = (await as.collection({ name: 'Work' })).id;
 *   await as.post({ content: 'https://example.com/', collection_id: work });
 */
export function createAs(t: Pick<TestApp, 'call'>, user: Pick<TestUser, 'token'>) {
  return {
    collection: async (body: CallInput<typeof collectionEndpoints.create>['body']) =>
      (await t.call(collectionEndpoints.create, { token: user.token, body })).body.data,
    post: async (body: CallInput<typeof postEndpoints.create>['body']) =>
      (await t.call(postEndpoints.create, { token: user.token, body })).body.data,
    /** A tag of that name, with no posts. */
    tag: async (name: string) =>
      (await t.call(tagEndpoints.create, { token: user.token, body: { name } })).body.data,
    /** A public share link of one of the user's collections (PRODUCT.md#permissions). */
    publicShare: async (body: CallInput<typeof shareEndpoints.createPublic>['body']) =>
      (await t.call(shareEndpoints.createPublic, { token: user.token, body })).body.data,
    /** A member of one of the user's collections (PRODUCT.md#permissions). */
    privateShare: async (body: CallInput<typeof shareEndpoints.createPrivate>['body']) =>
      (await t.call(shareEndpoints.createPrivate, { token: user.token, body })).body.data,
  };
}
