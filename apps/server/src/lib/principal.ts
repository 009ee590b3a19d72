/** The signed-in user acting on a request; every service call receives it. */
export interface Principal {
  userId: string;
  tenantId: string;
  isRoot: boolean;
  permissions: ReadonlySet<string>;
  sessionIdHash: string;
}
