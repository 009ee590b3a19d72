import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { Box, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useT } from '../../../lib/i18n/index.ts';

/** Spec 000 section 2, login screen: what the page advertises (`marketing.{point}` in the 'auth' catalogue). */
const SELLING_POINTS = ['edge', 'secure', 'proven', 'customizable'] as const;

/**
 * On phones the panel sits above the form in small type, so the sign-in button stays on the first screen
 * (at 360 x 740 it was 90 px below it, with only the e-mail field in view).
 */
export function MarketingPanel() {
  const t = useT('auth');
  return (
    <Box
      component="section"
      aria-label={t('marketing.label')}
      sx={{
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        px: { xs: 3, md: 6 },
        py: { xs: 2, md: 6 },
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
      }}
    >
      <Typography
        variant="h3"
        component="p"
        sx={{ fontWeight: 600, mb: { xs: 1, md: 3 }, fontSize: { xs: '2rem', md: undefined } }}
      >
        IoT Portal
      </Typography>
      <List disablePadding>
        {SELLING_POINTS.map((point) => (
          <ListItem key={point} disableGutters sx={{ py: { xs: 0.25, md: 1 } }}>
            <ListItemIcon sx={{ color: 'inherit', minWidth: { xs: 32, md: 40 } }}>
              <CheckCircleOutlined fontSize="small" sx={{ fontSize: { md: 24 } }} />
            </ListItemIcon>
            <ListItemText
              sx={{ my: { xs: 0, md: 0.5 } }}
              primary={t(`marketing.${point}`)}
              slotProps={{
                primary: {
                  variant: 'h6',
                  component: 'p',
                  sx: { fontSize: { xs: '0.95rem', md: undefined } },
                },
              }}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
