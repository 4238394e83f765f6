import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

/** The standard error page (404, 401): the big code, one friendly sentence, a way home. */
export function ErrorPage({ code, message, hint, homePath }: { code: string; message: string; hint: string; homePath: string }) {
  return (
    <Box
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        py: { xs: 8, sm: 12 },
        px: 2,
      }}
    >
      <Typography
        component="p"
        sx={{
          fontSize: { xs: 88, sm: 120 },
          lineHeight: 1,
          fontWeight: 700,
          letterSpacing: 4,
          background: (t) => `linear-gradient(135deg, ${t.palette.primary.light}, ${t.palette.primary.dark})`,
          backgroundClip: 'text',
          WebkitBackgroundClip: 'text',
          color: 'transparent',
        }}
      >
        {code}
      </Typography>
      <Typography variant="h6" component="h1" sx={{ mt: 3, fontWeight: 500 }}>
        {message}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {hint}
      </Typography>
      <Button component={RouterLink} to={homePath} variant="contained" sx={{ mt: 4, px: 4 }}>
        返回首页
      </Button>
    </Box>
  );
}
