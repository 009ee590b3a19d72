/** Every dashboard query of a scope starts with this key: a live push refreshes them all at once. */
export const dashboardKey = (scopeId: string) => ['dashboards', scopeId] as const;
