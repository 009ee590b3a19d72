import { Checkbox, FormControlLabel, FormGroup, FormLabel, Stack, Typography } from '@mui/material';
import type { Permission, PermissionGroup } from '@portal/contract';

interface PermissionGridProps {
  groups: PermissionGroup[];
  permissions: readonly string[];
  onToggle: (code: Permission, checked: boolean) => void;
}

/** One fieldset per group (named by the group), one checkbox per permission (named by its label). */
export function PermissionGrid({ groups, permissions, onToggle }: PermissionGridProps) {
  const held = new Set(permissions);
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h3">
        Permissions
      </Typography>
      {groups.map((group) => (
        <Stack key={group.group} component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
          <FormLabel component="legend">{group.group}</FormLabel>
          <FormGroup row>
            {group.permissions.map((entry) => (
              <FormControlLabel
                key={entry.code}
                label={entry.label}
                control={
                  <Checkbox
                    checked={held.has(entry.code)}
                    onChange={(event) => onToggle(entry.code, event.target.checked)}
                  />
                }
              />
            ))}
          </FormGroup>
        </Stack>
      ))}
    </Stack>
  );
}
