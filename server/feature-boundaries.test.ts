import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The feature-boundaries rule of eslint.config.js (docs/ARCHITECTURE.md, "Feature boundaries"),
// run through ESLint's Node API on code that is never written to disk. Such code belongs to no
// tsconfig, so it is linted without type information (and the rules that need it).
const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
const RULE = 'boundaries/dependencies';

/** The lines `code`, linted as the file at `filePath` (relative to the root), breaks the rule on. */
async function violations(filePath: string, code: string): Promise<number[]> {
  const results = await eslint.lintText(code, { filePath });
  const fatal = results.flatMap(({ messages }) => messages.filter((message) => message.fatal));
  if (fatal.length > 0) throw new Error(`${filePath} was not linted: ${fatal[0]!.message}`);
  return results.flatMap(({ messages }) =>
    messages.filter((message) => message.ruleId === RULE).map(({ line }) => line),
  );
}

describe('feature boundaries', () => {
  it("refuses another feature's repository, imported, imported as a type or re-exported", async () => {
    const code = [
      "import { findTag } from '../tags/tags.repository.ts';",
      "import type { PublicShareRow } from '../shares/shares.repository.ts';",
      "export { countUsers } from '../users/users.repository.ts';",
      'export const uses: [typeof findTag, PublicShareRow | undefined] = [findTag, undefined];',
    ].join('\n');
    expect(await violations('server/features/posts/example.ts', code)).toEqual([1, 2, 3]);
  });

  it("refuses another feature's private modules other than repositories", async () => {
    const code = "export { registerTagRoutes } from '../tags/tags.routes.ts';";
    expect(await violations('server/features/posts/example.ts', code)).toEqual([1]);
  });

  it('holds in sub-folders of a feature', async () => {
    const code = "export { findTag } from '../../tags/tags.repository.ts';";
    expect(await violations('server/features/bookmarks-io/formats/example.ts', code)).toEqual([1]);
  });

  it("lets a feature use another's service and declared public modules", async () => {
    const code = [
      "export { createTagsService } from '../tags/tags.service.ts';",
      "export { findTag } from '../tags/post-tags.ts';",
      "export { getAccessibleCollection } from '../collections/collection-access.ts';",
    ].join('\n');
    expect(await violations('server/features/posts/example.ts', code)).toEqual([]);
  });

  it('leaves imports within a feature, out of a feature and in tests free', async () => {
    const own = [
      "export { findPost } from './posts.repository.ts';",
      "export { preparedQuery } from '../../db/database.ts';",
    ].join('\n');
    expect(await violations('server/features/posts/example.ts', own)).toEqual([]);
    const test = "export { findTag } from '../tags/tags.repository.ts';";
    expect(await violations('server/features/posts/example.test.ts', test)).toEqual([]);
  });

  it('lists only public modules that exist', async () => {
    const config = (await eslint.calculateConfigForFile('server/features/posts/example.ts')) as {
      settings: { 'boundaries/files': { pattern: string[] }[] };
    };
    const modules = config.settings['boundaries/files']
      .flatMap(({ pattern }) => pattern)
      .filter((pattern) => !pattern.includes('*'));
    expect(modules.length).toBeGreaterThan(0);
    expect(modules.filter((module) => !existsSync(`${root}/${module}`))).toEqual([]);
  });
});
