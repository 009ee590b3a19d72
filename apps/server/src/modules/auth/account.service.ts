import type { Language, PortalUsersLiveMessage, UserDetails } from '@portal/contract';
import {
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  live as liveTopics,
  TENANT_KIND,
} from '@portal/contract';
import { forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { isVendorStaff } from '../../lib/vendor-staff.ts';
import type { AuthDependencies } from './auth.ports.ts';

/** The signed-in user's own account: its details, and removing it. */
export class AccountService {
  constructor(
    private readonly deps: Pick<
      AuthDependencies,
      'users' | 'tenants' | 'activities' | 'live' | 'staffDomains'
    >,
  ) {}

  /**
   * 'Remove your account' (spec 000 sections 2 and 4; DESIGN.md section 8): only one's own account, and
   * only in the free-tier scope. The user's sessions go with it; the activity keeps the e-mail.
   */
  async removeOwnAccount(principal: Principal, userId: string, scopeId: string): Promise<void> {
    if (userId !== principal.userId || scopeId !== principal.tenantId) throw notFound('User');
    const tenant = await this.deps.tenants.findById(principal.tenantId);
    if (tenant?.kind !== TENANT_KIND.freeTier) throw forbidden();
    const user = await this.deps.users.sessionUser(principal);
    await this.deps.users.delete(user.id);
    // As a deletion on the users screen: root's list drops the row, and the live connections end at once.
    const gone: PortalUsersLiveMessage = { type: 'deleteUser', id: user.id };
    this.deps.live.publish(liveTopics.portalUsers(user.tenant_id), gone);
    await this.deps.activities.record('accountDeleted', {
      tenantId: user.tenant_id,
      userId: user.id,
      email: user.email,
    });
  }

  /** The signed-in user's own language (docs/i18n.md): the web app and the mails to the user follow it. */
  async setLanguage(principal: Principal, language: Language): Promise<void> {
    await this.deps.users.setLanguage(principal.userId, language);
  }

  async userDetails(principal: Principal): Promise<UserDetails> {
    const user = await this.deps.users.findById(principal.userId);
    const tenant = await this.deps.tenants.findById(principal.tenantId);
    if (!user || !tenant) throw unauthorized();
    return {
      user: {
        id: user.id,
        firstName: user.first_name,
        lastName: user.last_name,
        email: user.email,
        scopeId: user.tenant_id,
        secureAuthentication: user.two_factor_enabled,
        socialLogin: user.social_login,
        owner: user.owner,
        language: user.language,
      },
      isRootUser: user.is_root,
      vendorStaff: isVendorStaff(user.email, this.deps.staffDomains ?? []),
      permissions: [...principal.permissions].sort(),
      tenant: {
        id: tenant.id,
        name: tenant.name,
        kind: tenant.kind,
        primaryThemeColor: tenant.primary_theme_color || DEFAULT_PRIMARY_COLOR,
        secondaryThemeColor: tenant.secondary_theme_color || DEFAULT_SECONDARY_COLOR,
        logoUrl: tenant.logo_url,
      },
    };
  }
}
