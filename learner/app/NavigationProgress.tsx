import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { useNavigation } from 'react-router-dom';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/**
 * A thin bar across the top while the next screen's code loads (each screen is its own chunk).
 * Plain CSS: it is on every first load, where MUI's LinearProgress would cost 2 kB.
 */
export function NavigationProgress() {
  const loading = useNavigation().state === 'loading';
  if (!loading) return null;
  return (
    <Box
      role="progressbar"
      aria-label="页面加载中"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, overflow: 'hidden', zIndex: (t) => t.zIndex.appBar + 1, bgcolor: 'primary.light' }}
    >
      <Box sx={{ width: '40%', height: '100%', bgcolor: 'primary.main', animation: `${slide} 1s ease-in-out infinite` }} />
    </Box>
  );
}
