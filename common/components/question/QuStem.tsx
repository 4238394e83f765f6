import Box from '@mui/material/Box';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { RichContent } from '../RichContent';

/** The blank markers the editor places in a fill-in stem: `<span data-blank="n"></span>`, n = 1, 2, … */
const BLANK_SELECTOR = 'span[data-blank]';

/**
 * A question's stem (sanitized HTML). For fill-in questions `renderBlank(i)` is rendered inside
 * the i-th blank marker (0-based, document order), so inputs sit where the teacher put the blanks;
 * the HTML itself is set once and never re-parsed while the learner types.
 */
export function QuStem({ html, renderBlank }: { html: string; renderBlank?: (index: number) => ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [slots, setSlots] = useState<Element[]>([]);

  useLayoutEffect(() => {
    if (!renderBlank || !ref.current) {
      setSlots([]);
      return;
    }
    setSlots(Array.from(ref.current.querySelectorAll(BLANK_SELECTOR)));
    // renderBlank changes every render; only new HTML moves the slots.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [html, !renderBlank]);

  return (
    <Box ref={ref} sx={{ '& span[data-blank]': { display: 'inline-block', mx: 0.5 } }}>
      <RichContent html={html} />
      {renderBlank && slots.map((slot, i) => createPortal(renderBlank(i), slot, `blank-${i}`))}
    </Box>
  );
}

/** How many blank markers a stem carries. */
export function countBlanks(html: string): number {
  return (html.match(/<span\b[^>]*\bdata-blank=/gi) ?? []).length;
}
