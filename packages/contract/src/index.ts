export * from './auth.ts';
export * from './device.ts';
export * from './errors.ts';
export * from './mac.ts';
export * from './permissions.ts';
export * from './platform.ts';
export * from './tenants.ts';
export * from './topics.ts';
