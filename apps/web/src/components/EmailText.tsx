import { Box } from '@mui/material';
import { Fragment } from 'react';

/**
 * An e-mail address in a list or on a card. `oneLine`: on one line, cut with an ellipsis when too long (the
 * whole address as its title). Otherwise it wraps where a reader expects it, after the '@' and before the
 * domain's dots, and inside a word only when one of those parts alone is wider than the line.
 */
export function EmailText({ email, oneLine = false }: { email: string; oneLine?: boolean }) {
  if (oneLine)
    return (
      <Box
        component="span"
        title={email}
        sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {email}
      </Box>
    );
  const at = email.lastIndexOf('@');
  const [domain = '', ...labels] = email.slice(at + 1).split('.');
  return (
    <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
      {at >= 0 ? email.slice(0, at + 1) : ''}
      <wbr />
      {domain}
      {labels.map((label, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the labels of one domain, in their order
        <Fragment key={i}>
          <wbr />.{label}
        </Fragment>
      ))}
    </Box>
  );
}
