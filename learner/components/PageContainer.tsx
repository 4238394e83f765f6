import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PAGE_WIDTH, type PageWidth } from '../config/layout';

/**
 * The frame of a page inside the web layout: optional heading row, then the content, at one of the
 * two content widths (config/layout: `wide` for lists, `reading` for a text to read).
 */
export function PageContainer({
  title,
  actions,
  width = 'wide',
  children,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  width?: PageWidth;
  children: ReactNode;
}) {
  return (
    <Box sx={{ width: '100%', maxWidth: PAGE_WIDTH[width], mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 3 } }}>
      {(title || actions) && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ mb: 2, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
        >
          {title && (
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
          )}
          {actions}
        </Stack>
      )}
      {children}
    </Box>
  );
}
