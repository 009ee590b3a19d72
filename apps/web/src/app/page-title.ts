import type { TFunction } from 'i18next';
import { ACCOUNT_MENU_ENTRIES, type AccountMenuEntryId } from './account-menu.ts';
import { PRODUCT_NAME } from './branding.ts';
import type english from './locales/en.json';
import { NAV_ITEMS, type NavItemId } from './navigation.ts';

/** A screen's name in the 'app' catalogue. */
type TitleKey =
  | `nav.${NavItemId}`
  | `accountMenu.${AccountMenuEntryId}`
  | `screens.${keyof typeof english.screens}`;

/** Screens that are neither in the side navigation nor in the account menu. */
const OTHER_SCREENS: readonly { path: string; title: TitleKey }[] = [
  { path: '/admin/tenants', title: 'screens.customers' },
  { path: '/global-search', title: 'screens.globalSearch' },
  { path: '/reset-password', title: 'screens.resetPassword' },
  { path: '/portal-user/reset-password', title: 'screens.setYourPassword' },
  { path: '/lock-user/reset-password', title: 'screens.setYourLockAppPassword' },
  { path: '/logout', title: 'screens.signingOut' },
];

const SCREENS: readonly { path: string; title: TitleKey }[] = [
  ...NAV_ITEMS.map((item) => ({ path: item.path, title: `nav.${item.id}` as const })),
  ...ACCOUNT_MENU_ENTRIES.flatMap((entry) =>
    entry.path ? [{ path: entry.path, title: `accountMenu.${entry.id}` as const }] : [],
  ),
  ...OTHER_SCREENS,
];

const LOGIN_MODES: Record<string, TitleKey> = {
  'forgot-password': 'screens.forgotPassword',
  'sign-up': 'screens.signUp',
};

/** The screen's name for a route: the menu's label where a menu leads there. */
export function screenTitle(t: TFunction<'app'>, pathname: string, search = ''): string | null {
  if (pathname === '/login')
    return t(LOGIN_MODES[new URLSearchParams(search).get('mode') ?? ''] ?? 'screens.signIn');
  const screen = SCREENS.filter((s) => pathname === s.path || pathname.startsWith(`${s.path}/`)).sort(
    (a, b) => b.path.length - a.path.length,
  )[0];
  return screen ? t(screen.title) : null;
}

/**
 * The document title: the screen, the customer being viewed on a customer screen, and the product, e.g.
 * 'Gateways · Acme · IoT Portal', so a tab, a bookmark and a screen reader say where the user is.
 */
export function documentTitle(
  t: TFunction<'app'>,
  pathname: string,
  search: string,
  tenantName: string | null,
): string {
  const customer = pathname.startsWith('/cli/') ? tenantName : null;
  return [screenTitle(t, pathname, search), customer, PRODUCT_NAME].filter(Boolean).join(' · ');
}
