import Box from '@mui/material/Box';

/** The learner's name tiled faintly over the page (it never takes a click). */
export function Watermark({ text }: { text: string }) {
  if (!text) return null;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="280" height="160"><text x="20" y="100" transform="rotate(-20 140 80)" font-size="16" font-family="sans-serif" fill="rgba(0,0,0,0.07)">${text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')}</text></svg>`;
  return (
    <Box
      aria-hidden
      data-testid="watermark"
      sx={{
        position: 'fixed',
        inset: 0,
        pointerEvents: 'none',
        zIndex: 1200,
        backgroundImage: `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`,
      }}
    />
  );
}
