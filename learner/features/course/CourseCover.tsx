import Box from '@mui/material/Box';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';

/** A course's cover, or a calm placeholder when it has none (16:9). */
export function CourseCover({ src, title, height }: { src: string; title: string; height?: number }) {
  return (
    <Box
      sx={{
        position: 'relative',
        width: '100%',
        ...(height ? { height } : { aspectRatio: '16 / 9' }),
        bgcolor: 'primary.main',
        backgroundImage: 'linear-gradient(135deg, rgba(255,255,255,0.18), rgba(0,0,0,0.12))',
        overflow: 'hidden',
        flexShrink: 0,
      }}
    >
      {src ? (
        <Box component="img" src={src} alt={title} loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
      ) : (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: 'rgba(255,255,255,0.85)' }} aria-hidden>
          <SchoolOutlined sx={{ fontSize: 56 }} />
        </Box>
      )}
    </Box>
  );
}
