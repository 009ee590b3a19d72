import { type ComponentType, lazy } from 'react';

/**
 * A component loaded when it is first drawn (docs/ui.md 'First visit'): every screen but the login page loads
 * with its route, so the login page and a user's first screen fetch only what they draw, and heavy libraries
 * (charts, map, the phone number library) come with the screens that use them.
 */
// biome-ignore lint/suspicious/noExplicitAny: any props, as React.lazy itself takes; each use keeps its own.
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends string>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
