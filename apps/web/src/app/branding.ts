import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR, hasVisibleCharacter } from '@portal/contract';
import type { Session } from '../lib/session.ts';

export const PRODUCT_NAME = 'IoT Portal';

export interface Branding {
  primaryColor: string;
  secondaryColor: string;
  logoUrl: string | null;
  /** Shown in the top bar when there is no logo, and as the logo's alt text. */
  name: string;
}

export const DEFAULT_BRANDING: Branding = {
  primaryColor: DEFAULT_PRIMARY_COLOR,
  secondaryColor: DEFAULT_SECONDARY_COLOR,
  logoUrl: null,
  name: PRODUCT_NAME,
};

/** Spec 000 section 2: these pages show the default colours and logo to a root user. */
const DEFAULT_BRANDING_PATHS = [
  '/change-password',
  '/upgrade-firmware',
  '/customer-firmware',
  '/update-OS',
  '/portal-config',
  '/theme-config',
];

const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTIONAL_COLOR = /^(?:rgba?|hsla?)\([^()]*\)$/i;

/** Colours the MUI theme can take; anything else would make createTheme throw. */
export function isThemeColor(value: string): boolean {
  return HEX_COLOR.test(value) || FUNCTIONAL_COLOR.test(value);
}

export function usesDefaultBranding(pathname: string, isRootUser: boolean): boolean {
  return (
    isRootUser && DEFAULT_BRANDING_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`))
  );
}

type BrandingSession = Pick<
  Session,
  'userLoggedIn' | 'isRootUser' | 'tenantName' | 'primaryThemeColor' | 'secondaryThemeColor' | 'logoUrl'
>;

/** The tenant's colours and logo, or the defaults (signed out, a root user's default pages, a bad colour). */
export function brandingFor(session: BrandingSession, pathname: string): Branding {
  if (!session.userLoggedIn || usesDefaultBranding(pathname, session.isRootUser)) return DEFAULT_BRANDING;
  return {
    primaryColor: isThemeColor(session.primaryThemeColor) ? session.primaryThemeColor : DEFAULT_PRIMARY_COLOR,
    secondaryColor: isThemeColor(session.secondaryThemeColor)
      ? session.secondaryThemeColor
      : DEFAULT_SECONDARY_COLOR,
    logoUrl: session.logoUrl || null,
    // A tenant whose name shows nothing (empty, or invisible characters stored before they were refused).
    name: hasVisibleCharacter(session.tenantName) ? session.tenantName : PRODUCT_NAME,
  };
}
