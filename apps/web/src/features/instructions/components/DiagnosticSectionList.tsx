import { Box, Typography } from '@mui/material';
import { diagnosticSections } from '../diagnostic-sections.ts';

/** The diagnostics answer as its four titled sections. */
export function DiagnosticSectionList({ value }: { value: unknown }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {diagnosticSections(value).map((section) => (
        <Box
          key={section.title}
          component="section"
          aria-label={section.title}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
        >
          <Typography variant="subtitle2" component="h3" color="primary">
            {section.title}
          </Typography>
          <Typography variant="body2">{section.summary}</Typography>
          {section.details.map((detail) => (
            <Typography key={detail.label} variant="body2" color="text.secondary">
              {`${detail.label}: ${detail.value}`}
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  );
}
