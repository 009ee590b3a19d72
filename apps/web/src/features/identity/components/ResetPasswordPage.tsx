import { Box, Link, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

/** Reset-password form from an emailed link; shown without a session, outside the shell. */
export function ResetPasswordPage() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Paper component="section" aria-labelledby="page-title" sx={{ p: 4, width: '100%', maxWidth: 440 }}>
        <Typography id="page-title" variant="h5" component="h1" gutterBottom>
          Reset Password
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          This screen arrives with the identity work.
        </Typography>
        <Link component={RouterLink} to="/login">
          Back to sign in
        </Link>
      </Paper>
    </Box>
  );
}
