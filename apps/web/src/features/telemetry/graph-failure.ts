/**
 * Spec 001 section 4 'Charts': a graph data answer carrying a status field is a failure; it is ignored (the
 * charts stay empty and loading ends).
 */
export function isGraphFailure(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && 'status' in body;
}

export class GraphDataFailure extends Error {
  constructor() {
    super('The graph data call answered with a failure');
  }
}
