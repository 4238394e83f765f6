import Box from '@mui/material/Box';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { useSession } from '../app/session/context';
import { SiteFooter } from '../components/SiteFooter';
import { SiteLogo } from '../components/SiteLogo';
import { paths } from '../config/paths';

/** Sign-in, registration and error pages: logo on top, the page, the copyright at the bottom. */
export function BareLayout() {
  const { site } = useSession();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: (t) =>
          `radial-gradient(1200px 480px at 50% -120px, ${t.palette.primary.main}1f, transparent 70%), ${t.palette.background.default}`,
      }}
    >
      <Box component="header" sx={{ display: 'flex', justifyContent: 'center', pt: { xs: 5, sm: 8 }, pb: { xs: 3, sm: 4 }, px: 2 }}>
        <Box component={RouterLink} to={paths.root.path} sx={{ textDecoration: 'none', display: 'inline-flex', minHeight: 48, alignItems: 'center' }}>
          <SiteLogo site={site} height={48} size="large" />
        </Box>
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', px: 2 }}>
        <Outlet />
      </Box>
      <SiteFooter site={site} />
    </Box>
  );
}
