import { Box, Typography } from '@mui/material';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';

/**
 * Draws `children` once this place comes near the screen (a phone scrolls to the map; a first visit that never
 * does never loads Leaflet): the first screen's scripts stay within their budget (bench/README.md 'bundle').
 */
export function WhenVisible({ children, height }: { children: ReactNode; height: number }) {
  const place = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  const t = useT('dashboard');
  useEffect(() => {
    const element = place.current;
    if (!element || visible) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: '100px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);
  if (visible) return children;
  // Until then a grey place holder says what comes there (a page pictured whole is never a blank box).
  return (
    <Box
      ref={place}
      sx={{
        minHeight: height,
        bgcolor: 'action.hover',
        borderRadius: 1,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {t('locations.later')}
      </Typography>
    </Box>
  );
}
