import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { QuStem } from './QuStem';

/** A combined question's shared material, headed 阅读材料; `sticky` keeps it in view on wide screens. */
export function Material({ html, sticky }: { html: string; sticky?: boolean }) {
  return (
    <Box sx={{ p: 2, bgcolor: 'grey.50', border: 1, borderColor: 'divider', borderRadius: 2, ...(sticky ? { position: { md: 'sticky' }, top: { md: 80 } } : {}) }}>
      <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
        阅读材料
      </Typography>
      <QuStem html={html} />
    </Box>
  );
}

/** A combined question as it is answered: the material beside its parts (above them on a phone), in view while they scroll. */
export function MaterialBeside({ html, children }: { html: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
      <Material html={html} sticky />
      {children}
    </Box>
  );
}
