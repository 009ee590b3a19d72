import { useSession } from '../../lib/session.ts';
import type { PortalUserViewer } from './portal-user-access.ts';

/** The signed-in user, as the row rules of spec 002 section 6 see it. */
export function usePortalUserViewer(): PortalUserViewer {
  const { user, isRootUser, permissions } = useSession();
  return {
    id: user?.id ?? '',
    scopeId: user?.scopeId ?? '',
    isRootUser,
    owner: user?.owner ?? false,
    permissions,
  };
}
