/** The user's own account: its pages, the account menu entries the shell shows, and the two-factor dialogs. */
export { RemoveAccountMenuItem } from './components/RemoveAccountMenuItem.tsx';
export { TwoFactorMenuItem } from './components/TwoFactorMenuItem.tsx';
export { TwoFactorProofDialog } from './components/TwoFactorProofDialog.tsx';
export { TwoFactorSetupDialog } from './components/TwoFactorSetupDialog.tsx';
export { ChangePasswordPage, ResetPasswordPage } from './pages.ts';
export { proofErrorText } from './two-factor-rules.ts';
export { useLiveTwoFactorStatus, useSetTwoFactorStatus } from './use-two-factor-status.ts';
