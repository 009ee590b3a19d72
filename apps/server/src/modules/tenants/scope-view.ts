import type { Scope } from '@portal/contract';
import type { ScopeRow } from './tenants.repository.ts';

/** A tenant row (with its gateway figures) as the scope calls answer it. */
export function toScope(row: ScopeRow): Scope {
  return {
    id: row.id,
    name: row.name,
    customerId: row.customer_id,
    kind: row.kind,
    emailDomain: row.email_domain,
    parent: row.parent_id,
    ancestors: row.ancestors,
    primaryThemeColor: row.primary_theme_color,
    secondaryThemeColor: row.secondary_theme_color,
    logoUrl: row.logo_url,
    favIconUrl: row.fav_icon_url,
    status: row.status,
    firmwareVersion: row.firmware,
    osVersion: row.os_version,
    osPatch: row.os_patch,
    onlineDevicesCount: row.online,
    totalDevicesCount: row.total,
    dashboardVariant: row.dashboard_variant,
    ...(row.version_mismatches === null ? {} : { versionMismatchCount: row.version_mismatches }),
  };
}
