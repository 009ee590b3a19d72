import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { API_KEY_EXPIRY_DAYS, API_KEY_NAME_MAX, type CreatedApiKey } from '@portal/contract';
import { useId, useMemo, useState } from 'react';
import { messageText, useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';
import {
  type ApiKeyDraft,
  canCreate,
  createBody,
  DEFAULT_EXPIRY_DAYS,
  type ExpiryDays,
  offeredPermissions,
  toggled,
} from '../api-key-form.ts';

/** Name, expiry and the permissions of the key, among the user's own; the answer holds the secret. */
export function CreateApiKeyDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const t = useT('api-keys');
  const common = useT('common');
  const titleId = useId();
  const session = useSession();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const offered = useMemo(() => offeredPermissions(session.permissions), [session.permissions]);
  const [draft, setDraft] = useState<ApiKeyDraft>({
    name: '',
    permissions: [],
    expiryDays: DEFAULT_EXPIRY_DAYS,
  });
  const create = useCreateApiKey();
  const allChosen = draft.permissions.length === offered.length && offered.length > 0;

  const submit = () => create.mutate(createBody(draft), { onSuccess: onCreated });

  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>{t('dialog.title')}</DialogTitle>
      <DialogContent>
        <TextField
          label={t('dialog.name')}
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX } }}
          fullWidth
          required
          autoFocus
          margin="dense"
        />
        <TextField
          select
          label={t('dialog.expiry')}
          value={draft.expiryDays}
          onChange={(event) => setDraft({ ...draft, expiryDays: Number(event.target.value) as ExpiryDays })}
          fullWidth
          margin="dense"
        >
          {API_KEY_EXPIRY_DAYS.map((days) => (
            <MenuItem key={days} value={days}>
              {t('dialog.days', { count: days })}
            </MenuItem>
          ))}
        </TextField>
        <FormControl component="fieldset" sx={{ mt: 2 }}>
          <FormLabel component="legend">{t('dialog.permissions')}</FormLabel>
          <Box sx={{ typography: 'caption', color: 'text.secondary', mb: 1 }}>{t('dialog.hint')}</Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={allChosen}
                indeterminate={!allChosen && draft.permissions.length > 0}
                onChange={() => setDraft({ ...draft, permissions: allChosen ? [] : [...offered] })}
              />
            }
            label={t('dialog.all')}
          />
          <FormGroup
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}
          >
            {offered.map((code) => (
              <FormControlLabel
                key={code}
                control={
                  <Checkbox
                    checked={draft.permissions.includes(code)}
                    onChange={() =>
                      setDraft({ ...draft, permissions: toggled(offered, draft.permissions, code) })
                    }
                  />
                }
                label={code}
                slotProps={{
                  typography: { sx: { fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' } },
                }}
              />
            ))}
          </FormGroup>
        </FormControl>
        {create.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {messageText(create.error.message)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={create.isPending}>
          {common('cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={!canCreate(draft)} loading={create.isPending}>
          {t('dialog.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
