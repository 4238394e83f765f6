import Box from '@mui/material/Box';

/**
 * Rich HTML written in the admin editor. The server sanitizes it on save, so it is rendered as is,
 * inside a container that gives it readable typography and keeps images within the page.
 */
export function RichContent({ html }: { html: string }) {
  return (
    <Box
      className="rich-content"
      sx={{
        fontSize: 16,
        lineHeight: 1.8,
        color: 'text.primary',
        wordBreak: 'break-word',
        overflowWrap: 'anywhere',
        '& p': { my: 1.5 },
        '& h1, & h2, & h3, & h4, & h5, & h6': { mt: 3, mb: 1.5, lineHeight: 1.4, fontWeight: 600 },
        '& h1': { fontSize: 24 },
        '& h2': { fontSize: 21 },
        '& h3': { fontSize: 18 },
        '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1 },
        '& a': { color: 'primary.main' },
        '& ul, & ol': { pl: 3 },
        '& blockquote': { m: 0, my: 2, px: 2, py: 0.5, borderLeft: 4, borderColor: 'primary.light', bgcolor: 'action.hover', color: 'text.secondary' },
        '& pre': { p: 2, bgcolor: 'grey.100', borderRadius: 1, overflowX: 'auto', fontSize: 14 },
        '& code': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.9em' },
        '& table': { borderCollapse: 'collapse', maxWidth: '100%', display: 'block', overflowX: 'auto' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1.5, py: 0.75 },
        '& hr': { border: 0, borderTop: 1, borderColor: 'divider', my: 3 },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
