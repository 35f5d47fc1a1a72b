import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Migrations are append-only once they are on main: a database that ran a migration never runs
 * it again, so an edited migration would leave existing installations on a schema the code no
 * longer describes. This keeps the SHA-256 of every landed migration's code (its tokens, comments
 * left out, so a comment may still be corrected); a new migration adds its line here in the
 * commit that adds it, and a changed one fails until it is put back (write a new migration
 * instead).
 */
const LANDED: Record<string, string> = {
  '0001-initial.ts': '0bcb6c5488c3b8941872af57e585e9fb9bea483e2403f43b0da32cdbdaa487a4',
  '0002-link-previews.ts': 'd1df1b4c80f42eb905cd2115286683a5939b64d0f787b289b24999f85da428a8',
  '0003-accounts.ts': 'a060d048ba33dbee5c8a377c9288d8a3fcfc8fc6cc9d2063ddec80c8e5e2fd19',
  '0005-uploads-and-previews.ts':
    '593861d1e3517116797f542a95497f648096bc3e7146af9e4cf6014d0c71f57e',
  '0006-search.ts': '8cb651f6a90f4f10f8e151babaa43d880a613c1cff12dac73803d5799504fda3',
  '0007-import-jobs.ts': '998b95ac0a36fa1e5fc202fdc222678e779d4d3be1d5429b6c5ef6a2089d6721',
  '0009-security.ts': 'c4d5b45901f0348ee7cb40975b946021537cdd590af88b76a5dccec0831adc36',
  '0010-post-sorts.ts': '7ca60574ed3e1486da465c898893e2bdd3255c3f8f8ce3ec6a4eb30eaf817188',
  '0011-preview-queue.ts': 'f702516b480f5a354c9a479acc2c5ab15df673f8f5fcdb3d273480053a3c3020',
  '0012-live-post-indexes.ts': '961062e9dc4660b04a06bb909beee0caf823b2f15c588372bf25f16b45975278',
  '0013-recycle-bin-column.ts': '81d62009282d0f2f5d9b9aa7027a3e27e17a3f9ba0255be3c8b3fc0e18ab49a5',
  '0014-import-staging.ts': '1f4a55fd80ee71460da35387449059bbe4ddb9119e96c5c1005de6b349140ea2',
  '0015-access-tokens.ts': 'f7496481574bc8182db17e547e50bd49544d867332fa00f3d0ac8e169be97723',
  '0016-feed-tokens.ts': 'a686f5c905b9c2e4c7df50cc1e4b2993070089bbd005d21e90beaf1ddacf54d9',
  '0017-favorites.ts': '53bf0653268eef7f1556b7a52e8818a10f4873db78b2d32195dc39da38b5a0c6',
  '0018-stored-files.ts': '87336b5e3eaf8108d99237de465d10d54ad197bcdbbea93fe1ec7c95fb9cd0a1',
  '0019-search-index-rowids.ts': 'aa0f95dad3c1efda2ddf6cdb89a0589f3924367a7c3a762874bb1b0e5a7a00cb',
  '0020-shared-limits.ts': '36da57a407ec69b802208938e6c960f7ccc80524808b1270004dcc8a7ac2764e',
  '0021-page-copies.ts': 'aa4fd64c717746cac021eaabe7f96c02de92363bb2c0dffe80a7ded5d5fc6ed0',
  '0022-page-copy-turns.ts': '9515ec56231681acd5e4123bce0e3aca1582373377aeabcf49b704e1b4b6cb5c',
  '0023-search-text-lz4.ts': 'fc3cdc42b1b64e3d833b59dd72a8e34133b9b266ec7613fd54dfd077fbfddc99',
  '0024-url-key-prefix-index.ts':
    'be3554c71aa12de5fa6ea52b56efac7fd430be8d817700615c286b5e40969b38',
};

/** SHA-256 of the source's tokens joined by spaces: comments and layout do not count. */
function codeDigest(source: string): string {
  const file = ts.createSourceFile('migration.ts', source, ts.ScriptTarget.Latest);
  const tokens: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isJSDoc(node)) return;
    const children = node.getChildren(file);
    if (children.length === 0) tokens.push(node.getText(file));
    else children.forEach(visit);
  };
  visit(file);
  return createHash('sha256').update(tokens.join(' ')).digest('hex');
}

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
const files = readdirSync(MIGRATIONS_DIR)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .sort();

describe('migrations', () => {
  it.each(Object.keys(LANDED))('%s is unchanged since it landed', (name) => {
    expect(codeDigest(readFileSync(`${MIGRATIONS_DIR}/${name}`, 'utf8'))).toBe(LANDED[name]);
  });

  it('the checksum sees a change of code, not of a comment', () => {
    const landed =
      '/** Why. */\nexport const up = sql`create index i on posts (a) -- ${x}`; // note\n';
    const reworded =
      '/** Why, better put. */\nexport const up = sql`create index i on posts (a) -- ${x}`;\n';
    const changed =
      '/** Why. */\nexport const up = sql`create index i on posts (b) -- ${x}`; // note\n';
    expect(codeDigest(reworded)).toBe(codeDigest(landed));
    expect(codeDigest(changed)).not.toBe(codeDigest(landed));
  });

  it('every migration file has its checksum recorded here', () => {
    expect(files).toEqual(Object.keys(LANDED).sort());
  });

  it('migrate.ts runs every migration file, in the order of their names', () => {
    const source = readFileSync(fileURLToPath(new URL('./migrate.ts', import.meta.url)), 'utf8');
    const registered = [...source.matchAll(/^\s*'([\w-]+)': \w+,$/gm)].map((match) => match[1]);
    expect(registered).toEqual(files.map((name) => name.replace(/\.ts$/, '')));
  });
});
