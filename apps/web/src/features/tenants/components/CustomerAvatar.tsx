import { Avatar } from '@mui/material';
import type { Scope } from '@portal/contract';
import { avatarColor, avatarInitial } from '../customer-display.ts';

/** The customer's logo, or its initial on a colour derived from its name (spec 000 section 2). */
export function CustomerAvatar({
  scope,
  size = 32,
}: {
  scope: Pick<Scope, 'name' | 'logoUrl'>;
  size?: number;
}) {
  if (scope.logoUrl) {
    return (
      <Avatar
        src={scope.logoUrl}
        alt=""
        variant="rounded"
        sx={{ width: size, height: size, bgcolor: 'transparent', '& img': { objectFit: 'contain' } }}
      />
    );
  }
  return (
    <Avatar
      aria-hidden
      sx={{ width: size, height: size, fontSize: size / 2, bgcolor: avatarColor(scope.name), color: '#fff' }}
    >
      {avatarInitial(scope.name)}
    </Avatar>
  );
}
