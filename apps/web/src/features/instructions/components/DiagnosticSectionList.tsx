import { Box, Typography } from '@mui/material';
import { useT } from '../../../lib/i18n/index.ts';
import { diagnosticSections } from '../diagnostic-sections.ts';

/** The diagnostics answer as its four titled sections. */
export function DiagnosticSectionList({ value }: { value: unknown }) {
  const t = useT('instructions');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {diagnosticSections(value, t).map((section) => (
        <Box
          key={section.title}
          component="section"
          aria-label={t(`diagnostics.sections.${section.title}`)}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
        >
          <Typography variant="subtitle2" component="h3" color="primary">
            {t(`diagnostics.sections.${section.title}`)}
          </Typography>
          <Typography variant="body2">{section.summary}</Typography>
          {section.details.map((detail) => (
            <Typography key={detail.label} variant="body2" color="text.secondary">
              {t('diagnostics.detail', detail)}
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  );
}
