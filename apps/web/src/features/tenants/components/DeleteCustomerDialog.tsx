import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { customerMessages, deletionStepLabels, type Scope } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useStartCustomerDeletion } from '../api/start-customer-deletion.ts';
import { applyToCachedCustomers } from '../update-cached-customers.ts';
import { deletionsStartedHere } from '../use-live-customers.ts';

/**
 * Confirm, then start the deletion job (spec 000 section 4): the row turns DELETE_PENDING at once; the outcome
 * arrives on the scopes channel (use-live-customers.ts).
 */
export function DeleteCustomerDialog({ scope, onClose }: { scope: Scope; onClose: () => void }) {
  const t = useT('tenants');
  const titleId = useId();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const startDeletion = useStartCustomerDeletion();

  const confirm = () => {
    // Remembered before the call: the job may finish before its answer arrives.
    deletionsStartedHere.started(scope.id, scope.name);
    startDeletion.mutate(scope, {
      onSuccess: (job) => {
        deletionsStartedHere.accepted(scope.id, job.id);
        applyToCachedCustomers(queryClient, {
          type: 'deletion',
          id: scope.id,
          state: 'running',
          step: 'markPending',
        });
      },
      onError: () => {
        deletionsStartedHere.forget(scope.id);
        notify({
          variant: 'error',
          text: customerMessages.deleteFailed(scope.name, deletionStepLabels.markPending),
        });
      },
      onSettled: onClose,
    });
  };

  return (
    <Dialog open onClose={startDeletion.isPending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('deleteDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('deleteDialog.text', { name: scope.name })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={startDeletion.isPending}>
          {t('deleteDialog.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={confirm} loading={startDeletion.isPending}>
          {t('deleteDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
