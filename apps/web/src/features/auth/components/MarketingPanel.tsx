import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { Box, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';

/** Spec 000 section 2, login screen: what the page advertises. */
const SELLING_POINTS = [
  'Edge sensor integration through an IoT gateway',
  'Secure hardware and software solution',
  'Production-proven platform deployed in high volume',
  'Customizable solution for any IoT platform',
];

export function MarketingPanel() {
  return (
    <Box
      component="section"
      aria-label="About the portal"
      sx={{
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        p: { xs: 3, md: 6 },
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
      }}
    >
      <Typography variant="h3" component="p" sx={{ fontWeight: 600, mb: 3 }}>
        IoT Portal
      </Typography>
      <List>
        {SELLING_POINTS.map((point) => (
          <ListItem key={point} disableGutters>
            <ListItemIcon sx={{ color: 'inherit', minWidth: 40 }}>
              <CheckCircleOutlined />
            </ListItemIcon>
            <ListItemText primary={point} slotProps={{ primary: { variant: 'h6', component: 'p' } }} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
