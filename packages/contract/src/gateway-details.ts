/**
 * Texts of the gateway detail dialogs (spec 001 sections 2 and 8): location, un-registration and migration.
 * The registry's results are in gateway-registry.ts, the instructions' in instructions.ts.
 */
export const gatewayDetailsMessages = {
  noLocation: 'No Location Data for this Gateway.',
  unregisterTitle: 'Gateway un-registration',
  unregisterQuestion:
    'Are you sure you want to Unregister Gateway from Cloud Server and Delete Gateway Stored Data ?',
  migrationTitle: 'Gateway Migration',
  // Our wording: the spec names the notice and says migration "takes up to about a minute".
  migrationNotice: 'Moving a gateway to another customer takes up to about a minute.',
} as const;
