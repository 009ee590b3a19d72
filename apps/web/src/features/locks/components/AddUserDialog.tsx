import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
} from '@mui/material';
import { type LockUser, lockCredentialProblem } from '@portal/contract';
import { useId, useState } from 'react';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useLockUserPicker } from '../api/search-lock-users.ts';
import { lockName } from '../lock-display.ts';
import { defaultCredential, type LockCredential, type LockSelection } from '../lock-selection.ts';

/** Gives the chosen user access to the chosen locks (the credential ledger's call, docs/ui.md 'Locks and lock users'). */
export type GrantLockAccess = (
  user: LockUser,
  locks: { id?: string; macId: string; type: string | null }[],
  credential: LockCredential,
) => Promise<void>;

const PICKER_DELAY_MS = 500;

interface AddUserDialogProps {
  scopeId: string;
  selection: LockSelection;
  /** The type every selected lock has (Add User needs one type). */
  type: string | null;
  /** Gives the chosen user access through the credential ledger. */
  grantAccess: GrantLockAccess;
  onClose: () => void;
  onGranted: () => void;
}

/**
 * Add User on the selected locks (spec 001 section 2): pick a lock user, then the credential the locks get: the
 * user's own passcode and card to start with, a passcode typed here when the user has none (issue 30.1). The
 * grant goes to the ledger.
 */
export function AddUserDialog({
  scopeId,
  selection,
  type,
  grantAccess,
  onClose,
  onGranted,
}: AddUserDialogProps) {
  const t = useT('locks');
  const common = useT('common');
  const messageText = useMessageText();
  const titleId = useId();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), PICKER_DELAY_MS);
  const users = useLockUserPicker(scopeId, search);
  const [user, setUser] = useState<LockUser | null>(null);
  const [credential, setCredential] = useState<LockCredential>({ passcode: '', card: false });
  const problem = user ? lockCredentialProblem(credential.passcode, credential.card) : null;
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const locks = [...selection.values()];

  const grant = async () => {
    if (!user || problem) return;
    setPending(true);
    setError(null);
    try {
      await grantAccess(
        user,
        locks.map((lock) => ({ id: lock.id, macId: lock.macId, type: lock.type })),
        credential,
      );
      onGranted();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('addUser.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            {t('addUser.locks', { count: locks.length })}
            {type ? t('addUser.ofType', { type }) : ''}: {locks.map(lockName).join(', ')}
          </DialogContentText>
          <Autocomplete
            options={users.data?.users ?? []}
            value={user}
            onChange={(_event, chosen) => {
              setUser(chosen);
              if (chosen) setCredential(defaultCredential(chosen));
            }}
            inputValue={input}
            onInputChange={(_event, text) => setInput(text)}
            filterOptions={(options) => options}
            getOptionLabel={(option) => `${option.mergedName || option.email} (${option.email})`}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            loading={users.isFetching}
            renderInput={(params) => <TextField {...params} label={t('addUser.lockUser')} />}
          />
          {user && (
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'baseline' } }}
            >
              <TextField
                label={t('addUser.passcode')}
                value={credential.passcode}
                onChange={(event) => setCredential({ ...credential, passcode: event.target.value.trim() })}
                error={problem !== null}
                helperText={problem ? messageText(problem) : ' '}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
              <FormControlLabel
                control={
                  <Checkbox
                    checked={credential.card}
                    onChange={(event) => setCredential({ ...credential, card: event.target.checked })}
                  />
                }
                label={user.cardCSN ? t('addUser.card', { csn: user.cardCSN }) : t('addUser.noCard')}
                disabled={!user.cardCSN}
              />
            </Stack>
          )}
          {error && <Alert severity="error">{messageText(error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {common('cancel')}
        </Button>
        <Button variant="contained" onClick={grant} loading={pending} disabled={!user || problem !== null}>
          {t('addUser.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
