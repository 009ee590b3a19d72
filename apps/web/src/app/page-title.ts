import { ACCOUNT_MENU_ENTRIES } from './account-menu.ts';
import { PRODUCT_NAME } from './branding.ts';
import { NAV_ITEMS } from './navigation.ts';

/** Screens that are neither in the side navigation nor in the account menu. */
const OTHER_SCREENS: readonly { path: string; title: string }[] = [
  { path: '/admin/tenants', title: 'Customers' },
  { path: '/global-search', title: 'Global Search' },
  { path: '/reset-password', title: 'Reset Password' },
  { path: '/portal-user/reset-password', title: 'Set Your Password' },
  { path: '/lock-user/reset-password', title: 'Set Your Lock App Password' },
  { path: '/logout', title: 'Signing out' },
];

const SCREENS = [
  ...NAV_ITEMS.map((item) => ({ path: item.path, title: item.label })),
  ...ACCOUNT_MENU_ENTRIES.flatMap((entry) => (entry.path ? [{ path: entry.path, title: entry.label }] : [])),
  ...OTHER_SCREENS,
];

const LOGIN_MODES: Record<string, string> = { 'forgot-password': 'Forgot Password', 'sign-up': 'Sign Up' };

/** The screen's name for a route: the menu's label where a menu leads there. */
export function screenTitle(pathname: string, search = ''): string | null {
  if (pathname === '/login') return LOGIN_MODES[new URLSearchParams(search).get('mode') ?? ''] ?? 'Sign In';
  const screen = SCREENS.filter((s) => pathname === s.path || pathname.startsWith(`${s.path}/`)).sort(
    (a, b) => b.path.length - a.path.length,
  )[0];
  return screen?.title ?? null;
}

/**
 * The document title: the screen, the customer being viewed on a customer screen, and the product, e.g.
 * 'Gateways · Acme · IoT Portal', so a tab, a bookmark and a screen reader say where the user is.
 */
export function documentTitle(pathname: string, search: string, tenantName: string | null): string {
  const customer = pathname.startsWith('/cli/') ? tenantName : null;
  return [screenTitle(pathname, search), customer, PRODUCT_NAME].filter(Boolean).join(' · ');
}
