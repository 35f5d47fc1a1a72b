import { SHARE_TOKEN_LENGTH } from '../../../../contract/shares.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A share token: 32 characters drawn uniformly from letters and digits (PRODUCT.md#share-tokens)
 * with the browser's cryptographic random numbers (rejection sampling, so no character is
 * favoured).
 */
export function generateShareToken(): string {
  const limit = 256 - (256 % ALPHABET.length);
  let token = '';
  while (token.length < SHARE_TOKEN_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(SHARE_TOKEN_LENGTH))) {
      if (byte < limit && token.length < SHARE_TOKEN_LENGTH)
        token += ALPHABET[byte % ALPHABET.length];
    }
  }
  return token;
}

export type PublicShareAction = 'none' | 'create' | 'update' | 'delete';

/**
 * What saving the Collection Url section does (PRODUCT.md#public-share-on-save): no share and
 * inactive: nothing; active with a token and no share: create; active with a share: update;
 * inactive with a share: delete; active with an empty token: nothing.
 */
export function publicShareAction(
  hasShare: boolean,
  active: boolean,
  token: string,
): PublicShareAction {
  if (!active) return hasShare ? 'delete' : 'none';
  if (token.trim() === '') return 'none';
  return hasShare ? 'update' : 'create';
}
