import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SiteConfig } from '../../common/api';

/** Shown until the site settings arrive, and when they have no name. */
export const DEFAULT_SITE_NAME = 'Examhall';

/** The site's front logo, or its name when no logo is set (spec section 1). */
export function SiteLogo({ site, height = 36, size = 'medium' }: { site: SiteConfig | null; height?: number; size?: 'medium' | 'large' }) {
  const name = site?.siteName || DEFAULT_SITE_NAME;
  if (site?.frontLogo) {
    return <Box component="img" src={site.frontLogo} alt={name} sx={{ height, maxWidth: 220, objectFit: 'contain', display: 'block' }} />;
  }
  return (
    <Typography
      component="span"
      noWrap={size === 'medium'}
      sx={{
        display: 'block',
        fontWeight: 700,
        fontSize: size === 'large' ? { xs: 24, sm: 28 } : { xs: 17, sm: 20 },
        letterSpacing: 0.5,
        color: 'primary.main',
        textAlign: 'center',
        // The header keeps one line next to the menu; the bare layout has room to wrap.
        lineHeight: size === 'large' ? 1.4 : `${height}px`,
        maxWidth: size === 'large' ? 'min(90vw, 560px)' : { xs: 150, sm: 260 },
      }}
    >
      {site ? name : ''}
    </Typography>
  );
}
