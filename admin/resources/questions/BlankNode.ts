import { Node } from '@tiptap/react';

/**
 * A fill-in blank in the stem editor: `<span data-blank="n"></span>`, an inline atom the
 * administrator places with 插入填空 and deletes like a character. The editor shows it as a
 * numbered gap (CSS counters, so the numbers follow the order on screen); n only identifies the
 * blank while editing, and the save renumbers the markers 1, 2, … in order.
 */
export const BlankNode = Node.create({
  name: 'quBlank',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      n: {
        default: 1,
        parseHTML: (el: HTMLElement) => Number(el.getAttribute('data-blank')) || 1,
        renderHTML: (attrs: { n?: number }) => ({ 'data-blank': String(attrs.n ?? 1) }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-blank]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', HTMLAttributes];
  },
});

/** How blanks look inside the editor and the preview: a numbered gap. */
export const blankStyles = {
  '& .tiptap': { counterReset: 'qu-blank' },
  '& .tiptap span[data-blank]': {
    counterIncrement: 'qu-blank',
    display: 'inline-block',
    minWidth: 64,
    mx: 0.5,
    px: 1,
    borderBottom: 2,
    borderColor: 'primary.main',
    bgcolor: 'action.selected',
    color: 'primary.main',
    fontSize: 13,
    lineHeight: 1.6,
    textAlign: 'center',
    verticalAlign: 'baseline',
    '&::after': { content: '"填空 " counter(qu-blank)' },
  },
  '& .tiptap span[data-blank].ProseMirror-selectednode': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
} as const;
