import Box from '@mui/material/Box';
import { Outlet } from 'react-router-dom';
import { useSession } from '../app/session/context';
import { SiteFooter } from '../components/SiteFooter';
import { WebHeader } from './WebHeader';

/** Every /web/* page and /profile/index: header, the page, the copyright footer. */
export function WebLayout() {
  const { site } = useSession();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <WebHeader />
      <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        <Outlet />
      </Box>
      <SiteFooter site={site} />
    </Box>
  );
}
