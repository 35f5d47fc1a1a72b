import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpointsByFeature } from './index.ts';

const apiDoc = readFileSync(new URL('../docs/API.md', import.meta.url), 'utf8');

describe('docs/API.md', () => {
  it('documents every endpoint of the contract, and no other', () => {
    const inContract = Object.values(endpointsByFeature)
      .flatMap((endpoints) => Object.values(endpoints))
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`)
      .sort();
    const inDoc = [...apiDoc.matchAll(/^\| `(GET|POST|PATCH|DELETE) (\/api\/[^`]+)`\s*\|/gm)]
      .map((match) => `${match[1]} ${match[2]}`)
      .sort();
    expect(inDoc).toEqual(inContract);
  });
});
