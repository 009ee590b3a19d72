import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import { alertMessages, alertPhoneNumber, type SensorAlert, subscriptionMessage } from '@portal/contract';
import { useId, useState } from 'react';
import { PhoneNumberField } from '../../../components/PhoneNumberField.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useAlertSubscription } from '../api/alerts-api.ts';

export interface SubscriptionTarget {
  alert: SensorAlert;
  channel: 'email' | 'sms';
  /** On now: the dialog unsubscribes. */
  subscribed: boolean;
}

interface SubscriptionDialogProps {
  scopeId: string;
  target: SubscriptionTarget;
  /** The signed-in user's number, to start the mobile-number field with. */
  knownPhone: string | null;
  onClose: () => void;
}

/** The default country of the mobile-number dialog (spec 002 section 5): US, +1. */
const DEFAULT_PHONE = '+1';
const DEFAULT_COUNTRY = 'US';

/**
 * Subscribe or unsubscribe the signed-in user (spec 002 section 4). Subscribing to SMS asks for the mobile number
 * (digits only, 7-15, 'Mobile Number is required.'). Cancelling or a failure leaves the toggle as it was: the
 * table shows what the server holds.
 */
export function SubscriptionDialog({ scopeId, target, knownPhone, onClose }: SubscriptionDialogProps) {
  const t = useT('alerts');
  const titleId = useId();
  const notify = useNotify();
  const change = useAlertSubscription(scopeId);
  const askNumber = target.channel === 'sms' && !target.subscribed;
  const [phone, setPhone] = useState({
    number: knownPhone ?? DEFAULT_PHONE,
    country: knownPhone ? '' : DEFAULT_COUNTRY,
  });
  const [touched, setTouched] = useState(false);
  const phoneValid = alertPhoneNumber.safeParse(phone.number).success;
  const channel = t(`channel.${target.channel}`);
  const name = target.alert.alertName;

  const confirm = () => {
    setTouched(true);
    if (askNumber && !phoneValid) return;
    change.mutate(
      {
        id: target.alert.id,
        channel: target.channel,
        subscribe: !target.subscribed,
        ...(askNumber
          ? { phoneNumber: phone.number, ...(phone.country ? { countryShortCode: phone.country } : {}) }
          : {}),
      },
      {
        onSuccess: (result) => notify({ variant: 'success', text: result.message }),
        onError: () =>
          notify({
            variant: 'error',
            text: target.subscribed ? alertMessages.deleteFailed : subscriptionMessage(target.channel, false),
          }),
        onSettled: onClose,
      },
    );
  };

  return (
    <Dialog
      open
      onClose={change.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>
        {target.subscribed
          ? t('subscription.unsubscribeTitle', { channel })
          : t('subscription.subscribeTitle', { channel })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            {target.subscribed
              ? t('subscription.stop', { channel, name })
              : t('subscription.receive', { channel, name })}
          </DialogContentText>
          {askNumber && (
            <PhoneNumberField
              label={t('subscription.mobileNumber')}
              value={phone.number}
              countryShortCode={phone.country}
              onChange={(number, country) => setPhone({ number, country })}
              error={touched && !phoneValid}
              helperText={touched && !phoneValid ? alertMessages.mobileRequired : undefined}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={change.isPending}>
          {t('subscription.cancel')}
        </Button>
        <Button variant="contained" onClick={confirm} loading={change.isPending}>
          {target.subscribed ? t('subscription.unsubscribe') : t('subscription.subscribe')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
