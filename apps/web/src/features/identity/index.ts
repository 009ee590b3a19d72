/**
 * What the shell and other features may use of the user's own account (its pages are in pages.ts): the account
 * menu entries and the two-factor dialogs.
 */
export { RemoveAccountMenuItem } from './components/RemoveAccountMenuItem.tsx';
export { TwoFactorMenuItem } from './components/TwoFactorMenuItem.tsx';
export { TwoFactorProofDialog } from './components/TwoFactorProofDialog.tsx';
export { TwoFactorSetupDialog } from './components/TwoFactorSetupDialog.tsx';
export { proofErrorText } from './two-factor-rules.ts';
export { useLiveTwoFactorStatus, useSetTwoFactorStatus } from './use-two-factor-status.ts';
