import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';

/**
 * The shell of a page about one exam opened from the exam list (成绩分析, 成绩排名): a header card
 * with the way back to the list, the heading and what sits beside it, then what the page adds under
 * the heading (`intro`); the page's own content follows the card.
 */
export function ExamPageShell({
  label,
  heading,
  back,
  aside,
  intro,
  children,
}: {
  /** The header card's accessible name (the page's name without the exam's title). */
  label: string;
  heading: string;
  /** The back button's text. */
  back: string;
  aside?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box sx={{ pt: 1 }}>
      <Card component="section" aria-label={label} sx={{ p: { xs: 1.5, sm: 2 }, mb: 1.5 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
          <Button component={RouterLink} to="/exam/list" startIcon={<ArrowBackIcon />} size="small" sx={{ alignSelf: 'flex-start' }}>
            {back}
          </Button>
          <Typography variant="h6" component="h1" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {heading}
          </Typography>
          {aside}
        </Stack>
        {intro}
      </Card>
      {children}
    </Box>
  );
}
