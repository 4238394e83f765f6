import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SiteConfig } from '../../common/api';

/** The copyright line of the site settings; nothing when none is set. */
export function SiteFooter({ site }: { site: SiteConfig | null }) {
  return (
    <Box component="footer" sx={{ py: 3, px: 2, textAlign: 'center' }}>
      {site?.copyRight && (
        <Typography variant="body2" color="text.secondary">
          {site.copyRight}
        </Typography>
      )}
    </Box>
  );
}
