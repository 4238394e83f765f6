import { useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SearchOffIcon from '@mui/icons-material/SearchOff';

/** An admin address that leads nowhere, inside the layout (react-admin's own adds an ASCII full stop to the Chinese text). */
export function NotFoundPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Box sx={{ py: 10, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      <SearchOffIcon sx={{ fontSize: 64, opacity: 0.5 }} />
      <Typography variant="h5" component="h1" color="text.primary" sx={{ mt: 2 }}>
        {translate('layout.notFound.title')}
      </Typography>
      <Typography sx={{ mt: 1 }}>{translate('layout.notFound.text')}</Typography>
      <Stack direction="row" spacing={1} justifyContent="center" sx={{ mt: 3 }}>
        <Button variant="outlined" onClick={() => navigate(-1)}>
          {translate('layout.notFound.back')}
        </Button>
        <Button variant="contained" onClick={() => navigate('/dashboard')}>
          {translate('layout.notFound.home')}
        </Button>
      </Stack>
    </Box>
  );
}
