import type { graphConfiguration, graphOption } from '@portal/contract';
import type { z } from 'zod';

export type GraphOption = z.infer<typeof graphOption>;
export type GraphConfiguration = z.infer<typeof graphConfiguration>;

/** The radio's choices: the value the call takes and its label (`choices.{label}` of the catalogue). */
export const GRAPH_OPTION_CHOICES: readonly { value: GraphOption; label: 'on' | 'off' }[] = [
  { value: 'On', label: 'on' },
  { value: 'Off', label: 'off' },
];

/** A scope without a stored configuration shows no grey offline areas. */
export const DEFAULT_GRAPH_OPTION: GraphOption = 'Off';

/** The scope's setting in GET /api/iotdevices/configurations, or the default. */
export function graphOptionFor(configurations: readonly GraphConfiguration[], scopeId: string): GraphOption {
  return (
    configurations.find((configuration) => configuration.scopeId === scopeId)?.graphOption ??
    DEFAULT_GRAPH_OPTION
  );
}

/** The configurations after the scope's setting was applied. */
export function withGraphOption(
  configurations: readonly GraphConfiguration[],
  scopeId: string,
  option: GraphOption,
): GraphConfiguration[] {
  const applied: GraphConfiguration = {
    scopeId,
    graphOption: option,
    graphGreyShadedOption: option === 'On',
  };
  const known = configurations.some((configuration) => configuration.scopeId === scopeId);
  return known
    ? configurations.map((configuration) => (configuration.scopeId === scopeId ? applied : configuration))
    : [...configurations, applied];
}

/** POST /api/iotdevices/{On|Off}/scopeId/{id}. */
export function graphOptionPath(option: GraphOption, scopeId: string): string {
  return `/api/iotdevices/${option}/scopeId/${encodeURIComponent(scopeId)}`;
}
