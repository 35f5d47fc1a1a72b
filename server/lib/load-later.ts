import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

/**
 * A getter of the package `specifier`, required with the first call rather than at start, for
 * synchronous code that needs a package only some requests use (docs/OPERATIONS.md#start-time-
 * and-memory). Asynchronous code uses `import()` instead. `T` is the package's type, taken with
 * `import type`.
 * @throws what `require` throws, at the first call, when the package cannot be loaded
 */
export function loadLater<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load(specifier) as T);
}
