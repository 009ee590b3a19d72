import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database on the real PostgreSQL with every migration applied (postgres-template.setup.ts). */
    postgresTemplate: string;
  }
}

/** The run's migrated template database, when the run's global set-up made one (and this runs under vitest). */
export function postgresTemplate(): string | undefined {
  try {
    return inject('postgresTemplate') || undefined;
  } catch {
    // Outside a vitest worker (the benches): no template.
    return undefined;
  }
}
