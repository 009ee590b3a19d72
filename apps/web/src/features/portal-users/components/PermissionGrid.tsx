import { Checkbox, FormControlLabel, FormGroup, FormLabel, Stack, Typography } from '@mui/material';
import { type Permission, type PermissionGroup, portalUserMessages } from '@portal/contract';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';

interface PermissionGridProps {
  groups: PermissionGroup[];
  permissions: readonly string[];
  onToggle: (code: Permission, checked: boolean) => void;
  /** Whether the signed-in user may give this permission (the server refuses the others). */
  grantable: (code: Permission) => boolean;
}

/**
 * One fieldset per group (named by the group), one checkbox per permission (named by its label); one the
 * signed-in user may not give can be taken away but not given.
 */
export function PermissionGrid({ groups, permissions, onToggle, grantable }: PermissionGridProps) {
  const t = useT('portal-users');
  const messageText = useMessageText();
  const held = new Set(permissions);
  const someWithheld = groups.some((group) => group.permissions.some((entry) => !grantable(entry.code)));
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h3">
        {t('form.permissions')}
      </Typography>
      {groups.map((group) => (
        <Stack key={group.group} component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
          <FormLabel component="legend">
            {t(`permissionGroups.${group.group}`, { defaultValue: group.group })}
          </FormLabel>
          <FormGroup row>
            {group.permissions.map((entry) => (
              <FormControlLabel
                key={entry.code}
                label={t(`permissionLabels.${entry.label}`, { defaultValue: entry.label })}
                control={
                  <Checkbox
                    checked={held.has(entry.code)}
                    disabled={!grantable(entry.code) && !held.has(entry.code)}
                    onChange={(event) => onToggle(entry.code, event.target.checked)}
                  />
                }
              />
            ))}
          </FormGroup>
        </Stack>
      ))}
      {someWithheld && (
        <Typography variant="body2" color="text.secondary">
          {messageText(portalUserMessages.withheldPermissions)}
        </Typography>
      )}
    </Stack>
  );
}
