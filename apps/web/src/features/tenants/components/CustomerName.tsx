import { CircularProgress, Link, Stack, Typography } from '@mui/material';
import { customerMessages, type Scope } from '@portal/contract';
import { useMessageText } from '../../../lib/i18n/index.ts';
import { CustomerAvatar } from './CustomerAvatar.tsx';

interface CustomerNameProps {
  scope: Scope;
  /** Opens the customer; absent when it cannot be opened (being deleted). */
  onOpen?: (scope: Scope) => void;
  pending: boolean;
}

/** Avatar and name; the name is the button that opens the customer, and a spinner shows while it is deleted. */
export function CustomerName({ scope, onOpen, pending }: CustomerNameProps) {
  const messageText = useMessageText();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <CustomerAvatar scope={scope} />
      {onOpen ? (
        <Link
          component="button"
          type="button"
          underline="hover"
          color="inherit"
          onClick={(event) => {
            event.stopPropagation();
            onOpen(scope);
          }}
          sx={{ textAlign: 'left', fontWeight: 500, overflowWrap: 'break-word', minWidth: 0 }}
        >
          {scope.name}
        </Link>
      ) : (
        <Typography
          component="span"
          color="text.secondary"
          sx={{ fontWeight: 500, overflowWrap: 'break-word', minWidth: 0 }}
        >
          {scope.name}
        </Typography>
      )}
      {pending && <CircularProgress size={18} aria-label={messageText(customerMessages.beingDeleted)} />}
    </Stack>
  );
}
