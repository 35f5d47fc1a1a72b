import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { postEndpoints, type Post } from '../../contract/posts.ts';
import { compileResponseWriter, responseSerializerCompiler } from './serializer.ts';

const post: Post = {
  id: 7,
  type: 'link',
  title: 'Ünïcode "quoted" \\ title\n\u2028',
  content: 'https://example.com/a?b=1&c=<2>',
  url: 'https://example.com/a?b=1&c=<2>',
  base_url: 'example.com',
  description: null,
  color: '#ff0000',
  image_path: null,
  collection_id: null,
  user_id: 3,
  order: 12,
  is_archived: false,
  is_favorite: false,
  preview_status: 'pending',
  created_at: '2026-01-15T10:00:00.000Z',
  updated_at: '2026-01-15T10:00:00.000Z',
  tags: [
    { id: 1, name: 'Äpfel' },
    { id: 2, name: 'emoji 🍎' },
  ],
  search: { field: 'title', snippet: '…quoted…', ranges: [[1, 7]] },
};

const textPost: Post = {
  ...post,
  id: 8,
  type: 'text',
  title: null,
  content: '<p>Lone surrogate \ud800 and <b>bold</b></p>',
  url: null,
  base_url: null,
  description: 'A description',
  color: null,
  collection_id: 4,
  preview_status: null,
  tags: [],
  search: undefined,
};

describe('compileResponseWriter', () => {
  const schema = postEndpoints.list.response;

  it('writes a list response byte for byte as JSON.stringify of what zod makes of it', () => {
    const page = { data: [post, textPost, { ...textPost, id: 9, tags: undefined }] };
    const written = compileResponseWriter(schema)(page);

    expect(written).toBe(JSON.stringify(schema.parse(page)));
    expect(JSON.parse(written)).toEqual({
      data: [post, { ...textPost, search: undefined }, { ...textPost, id: 9, tags: undefined }].map(
        (item) => JSON.parse(JSON.stringify(item)),
      ),
    });
  });

  it('leaves out keys the contract does not name, as zod does', () => {
    const page = { data: [{ ...post, search_text: 'secret', binned_at: null }] };

    const written = compileResponseWriter(schema)(page);

    expect(written).not.toContain('search_text');
    expect(written).toBe(JSON.stringify(schema.parse(page)));
  });
});

describe('responseSerializerCompiler', () => {
  async function serve(strict: boolean, body: unknown) {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializerCompiler({ strict }));
    app.get(
      '/thing',
      { schema: { response: { 200: z.object({ n: z.number().int() }) } } },
      () => body,
    );
    const response = await app.inject({ method: 'GET', url: '/thing' });
    await app.close();
    return response;
  }

  it('refuses in strict mode a response that breaks its contract', async () => {
    const response = await serve(true, { n: 'not a number' });

    expect(response.statusCode).toBe(500);
  });

  it('writes a valid response the same in both modes', async () => {
    const strict = await serve(true, { n: 3, extra: true });
    const fast = await serve(false, { n: 3, extra: true });

    expect(strict.statusCode).toBe(200);
    expect(strict.body).toBe('{"n":3}');
    expect(fast.body).toBe(strict.body);
  });

  it('writes the first responses with zod, later ones with the writer compiled after the first', async () => {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializerCompiler({ strict: false }));
    // zod writes keys in the schema's order; the compiled writer the required ones first.
    const schema = z.object({ optional: z.string().optional(), required: z.string() });
    app.get('/thing', { schema: { response: { 200: schema } } }, () => ({
      optional: 'o',
      required: 'r',
    }));
    const body = async () => (await app.inject({ method: 'GET', url: '/thing' })).body;
    try {
      expect(await body()).toBe('{"optional":"o","required":"r"}');
      await new Promise((resolve) => setImmediate(resolve));
      expect(await body()).toBe('{"required":"r","optional":"o"}');
    } finally {
      await app.close();
    }
  });
});
