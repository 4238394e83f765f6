import type { ReactNode } from 'react';
import { Card, CardContent, Divider, Typography } from '@mui/material';

/** A detail page's body (message, notice): the title, a line of facts, a rule, the text. */
export function ArticleCard({ title, meta, children }: { title: string; meta: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardContent sx={{ maxWidth: 960 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        {meta}
        <Divider sx={{ my: 2 }} />
        {children}
      </CardContent>
    </Card>
  );
}
