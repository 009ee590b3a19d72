import LoginOutlined from '@mui/icons-material/LoginOutlined';
import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { getSocialAuthorizeUrl, type SocialMode, useSocialConfig } from '../api/social.ts';
import { rememberSocialMode, socialButtonLabel, socialFailureText } from '../use-social-callback.ts';

/** Leaves for the provider's sign-in page; the answer comes back to the login page (useSocialCallback). */
async function leaveForProvider(mode: SocialMode): Promise<void> {
  const url = await getSocialAuthorizeUrl(mode);
  rememberSocialMode(mode);
  window.location.assign(url);
}

/** 'Sign in with {provider}' / 'Sign up with {provider}'; absent when no social provider is configured. */
export function SocialSignInButton({ mode }: { mode: SocialMode }) {
  const config = useSocialConfig();
  const notify = useNotify();
  useT('auth');
  const leave = useMutation({
    mutationFn: () => leaveForProvider(mode),
    // A refused start is a plain failure, whatever its status (a 404 here is no 'User not Found').
    onError: () => notify({ variant: 'error', text: socialFailureText(mode, null) }),
  });
  if (!config.data?.enabled) return null;

  return (
    <Button
      variant="outlined"
      fullWidth
      startIcon={<LoginOutlined />}
      // Stays busy after success too: the page is on its way to the provider.
      loading={leave.isPending || leave.isSuccess}
      onClick={() => leave.mutate()}
    >
      {socialButtonLabel(mode, config.data.providerName)}
    </Button>
  );
}
