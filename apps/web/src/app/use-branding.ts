import { useLocation } from 'react-router-dom';
import { useSession } from '../lib/session.ts';
import { type Branding, brandingFor } from './branding.ts';

export function useBranding(): Branding {
  const session = useSession();
  const { pathname } = useLocation();
  return brandingFor(session, pathname);
}
