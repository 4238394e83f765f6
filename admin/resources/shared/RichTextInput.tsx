import { useEffect, useRef, useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormLabel,
  IconButton,
  MenuItem,
  Paper,
  Select,
  TextField,
  Tooltip,
} from '@mui/material';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import StrikethroughSIcon from '@mui/icons-material/StrikethroughS';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import InsertLinkIcon from '@mui/icons-material/InsertLink';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import ImageIcon from '@mui/icons-material/Image';
import UndoIcon from '@mui/icons-material/Undo';
import RedoIcon from '@mui/icons-material/Redo';
import { EditorContent, useEditor, useEditorState, type AnyExtension, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import Image from '@tiptap/extension-image';
import { FieldTitle, InputHelperText, useInput, useResourceContext, useTranslate, type Validator } from 'react-admin';
import { uploadFile } from '../../../common/services/file';

const LINK_PATTERN = /^https?:\/\/\S+$/i;
type Level = 1 | 2 | 3;

/** The image files a paste or a drop carries. */
const imageFiles = (data: DataTransfer | null | undefined): File[] => Array.from(data?.files ?? []).filter((f) => f.type.startsWith('image/'));

/** True when pasted HTML holds text and not just a picture (Word puts a picture of the copied text beside its HTML). */
const holdsText = (html: string) => (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim() !== '';

/** The images inlined as data: URLs in pasted HTML, as files (another editor's content, a web page saved whole). */
function inlinedImages(html: string): File[] {
  if (!/<img[^>]+src\s*=\s*["']?\s*data:/i.test(html)) return [];
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(doc.querySelectorAll('img'))
    .map((img, i) => {
      const match = /^data:(image\/[\w.+-]+);base64,([\s\S]*)$/i.exec(img.getAttribute('src')?.trim() ?? '');
      if (!match) return undefined;
      try {
        const bytes = Uint8Array.from(atob(match[2].replace(/\s/g, '')), (c) => c.charCodeAt(0));
        return new File([bytes], `image-${i + 1}.${match[1].split('/')[1].replace(/\W.*$/, '')}`, { type: match[1] });
      } catch {
        return undefined;
      }
    })
    .filter((f): f is File => f !== undefined);
}

/** An editor with nothing but an empty paragraph stores '' (so "required" works); trailing empty paragraphs are dropped. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML().replace(/(<p><\/p>)+$/, ''));

interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** `kind` passed to the upload endpoint for inserted images. */
  uploadKind?: string;
  label?: React.ReactNode;
  /** Accessible name of the editing area. */
  ariaLabel?: string;
  id?: string;
  error?: boolean;
  disabled?: boolean;
  /** Nodes beyond the standard ones (e.g. the question editor's blank markers). */
  extensions?: AnyExtension[];
  /** More toolbar buttons after the standard ones (e.g. 插入填空). */
  toolbarExtra?: (editor: Editor) => React.ReactNode;
  /** A short field (an option): a few lines high, no heading picker. */
  compact?: boolean;
}

/** Rich-text editor (tiptap) storing HTML; images are uploaded through the data provider. */
export function RichTextEditor({ value, onChange, onBlur, uploadKind = 'notice', label, ariaLabel, id, error, disabled, extensions = [], toolbarExtra, compact = false }: RichTextEditorProps) {
  const translate = useTranslate();
  const fileRef = useRef<HTMLInputElement>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('');
  const onChangeRef = useRef(onChange);
  const onBlurRef = useRef(onBlur);
  useEffect(() => {
    onChangeRef.current = onChange;
    onBlurRef.current = onBlur;
  });
  // The editor's paste and drop handlers are set once: they reach the upload through this ref.
  const insertImagesRef = useRef<(files: File[], at?: number) => Promise<void>>(async () => undefined);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [1, 2, 3] } }),
      Link.configure({ openOnClick: false, autolink: true, protocols: ['http', 'https'] }),
      Image.configure({ allowBase64: false }),
      ...extensions,
    ],
    content: value || '',
    editable: !disabled,
    editorProps: {
      // Pasted and dropped pictures go to the file store and the content links to them: never
      // inlined as base64 (a notice with a screenshot would pass the body limit, and the server
      // drops data: images anyway). Pasted HTML with inlined images keeps its text; the images
      // are uploaded and added after it.
      handlePaste: (_view, event) => {
        const html = event.clipboardData?.getData('text/html') ?? '';
        const files = imageFiles(event.clipboardData);
        if (files.length > 0 && !holdsText(html)) {
          event.preventDefault();
          void insertImagesRef.current(files);
          return true;
        }
        const inlined = inlinedImages(html);
        if (inlined.length > 0) setTimeout(() => void insertImagesRef.current(inlined));
        return false;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = moved ? [] : imageFiles(event.dataTransfer);
        if (files.length === 0) return false;
        event.preventDefault();
        void insertImagesRef.current(files, view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos);
        return true;
      },
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        ...(id ? { id } : {}),
        ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current(htmlOf(e)),
    onBlur: () => onBlurRef.current?.(),
  });

  // The form may load the record after the editor exists: follow outside changes.
  useEffect(() => {
    if (editor && (value || '') !== htmlOf(editor)) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      strike: e.isActive('strike'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      heading: ([1, 2, 3] as Level[]).find((level) => e.isActive('heading', { level })) ?? 0,
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  const tool = (key: string, title: string, icon: React.ReactNode, run: () => void, active = false, enabled = true) => (
    <Tooltip title={title} key={key}>
      <span>
        <IconButton
          size="small"
          aria-label={title}
          aria-pressed={active}
          color={active ? 'primary' : 'default'}
          disabled={disabled || !enabled}
          onMouseDown={(e) => e.preventDefault()}
          onClick={run}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  const chain = () => editor.chain().focus();
  /**
   * Uploads the pictures one by one and puts each at the cursor (the first at `at`, where a drop
   * landed, if the document still reaches it); a refusal is shown by the http client.
   */
  const insertImages = async (files: File[], at?: number) => {
    let pos = at;
    for (const file of files) {
      const result = await uploadFile(file, uploadKind).catch(() => undefined);
      if (!result?.url || editor.isDestroyed) return;
      const target = chain();
      if (pos !== undefined && pos <= editor.state.doc.content.size) target.setTextSelection(pos);
      target.setImage({ src: result.url, alt: result.name }).run();
      pos = undefined;
    }
  };
  useEffect(() => {
    insertImagesRef.current = insertImages;
  });
  const onPickImage = async (file: File | undefined) => {
    if (file?.type.startsWith('image/')) await insertImages([file]);
  };
  const applyLink = () => {
    const url = linkUrl.trim();
    if (!LINK_PATTERN.test(url)) return;
    chain().extendMarkRange('link').setLink({ href: url }).run();
    setLinkOpen(false);
  };
  const linkInvalid = linkUrl.trim() !== '' && !LINK_PATTERN.test(linkUrl.trim());

  return (
    <Box sx={{ width: '100%' }}>
      {label ? (
        <FormLabel component="div" error={error} sx={{ mb: 0.5 }}>
          {label}
        </FormLabel>
      ) : null}
      <Paper variant="outlined" sx={{ borderColor: error ? 'error.main' : undefined, overflow: 'hidden' }}>
        <Box
          role="toolbar"
          aria-label={translate('examhall.editor.toolbar')}
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.25, px: 1, py: 0.5, bgcolor: 'action.hover' }}
        >
          {compact ? null : (
            <>
              <Select
                size="small"
                variant="standard"
                disableUnderline
                value={state?.heading ?? 0}
                disabled={disabled}
                inputProps={{ 'aria-label': translate('examhall.editor.heading', { level: '' }).trim() }}
                onChange={(e) => {
                  const level = Number(e.target.value);
                  if (level === 0) chain().setParagraph().run();
                  else chain().setHeading({ level: level as Level }).run();
                }}
                sx={{ minWidth: 84, fontSize: 14, mr: 0.5 }}
              >
                <MenuItem value={0}>{translate('examhall.editor.paragraph')}</MenuItem>
                {([1, 2, 3] as Level[]).map((level) => (
                  <MenuItem key={level} value={level}>
                    {translate('examhall.editor.heading', { level })}
                  </MenuItem>
                ))}
              </Select>
              <Divider orientation="vertical" flexItem />
            </>
          )}
          {tool('bold', translate('examhall.editor.bold'), <FormatBoldIcon fontSize="small" />, () => chain().toggleBold().run(), state?.bold)}
          {tool('italic', translate('examhall.editor.italic'), <FormatItalicIcon fontSize="small" />, () => chain().toggleItalic().run(), state?.italic)}
          {tool('strike', translate('examhall.editor.strike'), <StrikethroughSIcon fontSize="small" />, () => chain().toggleStrike().run(), state?.strike)}
          {compact ? null : (
            <>
              <Divider orientation="vertical" flexItem />
              {tool('ul', translate('examhall.editor.bulletList'), <FormatListBulletedIcon fontSize="small" />, () => chain().toggleBulletList().run(), state?.bulletList)}
              {tool('ol', translate('examhall.editor.orderedList'), <FormatListNumberedIcon fontSize="small" />, () => chain().toggleOrderedList().run(), state?.orderedList)}
              {tool('quote', translate('examhall.editor.blockquote'), <FormatQuoteIcon fontSize="small" />, () => chain().toggleBlockquote().run(), state?.blockquote)}
              <Divider orientation="vertical" flexItem />
              {tool('link', translate('examhall.editor.link'), <InsertLinkIcon fontSize="small" />, () => {
                setLinkUrl(String(editor.getAttributes('link').href ?? ''));
                setLinkOpen(true);
              }, state?.link)}
              {tool('unlink', translate('examhall.editor.unlink'), <LinkOffIcon fontSize="small" />, () => chain().extendMarkRange('link').unsetLink().run(), false, !!state?.link)}
            </>
          )}
          {tool('image', translate('examhall.editor.image'), <ImageIcon fontSize="small" />, () => fileRef.current?.click())}
          <Divider orientation="vertical" flexItem />
          {tool('undo', translate('examhall.editor.undo'), <UndoIcon fontSize="small" />, () => chain().undo().run(), false, !!state?.canUndo)}
          {tool('redo', translate('examhall.editor.redo'), <RedoIcon fontSize="small" />, () => chain().redo().run(), false, !!state?.canRedo)}
          {toolbarExtra ? (
            <>
              <Divider orientation="vertical" flexItem />
              {toolbarExtra(editor)}
            </>
          ) : null}
          <input
            ref={fileRef}
            type="file"
            accept="image/*"
            hidden
            data-testid="rich-text-image-file"
            onChange={(e) => {
              void onPickImage(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Box>
        <Box
          sx={{
            px: 2,
            py: 1,
            minHeight: compact ? 48 : 240,
            cursor: 'text',
            '& .tiptap': { outline: 'none', minHeight: compact ? 32 : 220 },
            '& .tiptap p': compact ? { my: 0.5 } : {},
            '& .tiptap img': { maxWidth: '100%' },
            '& .tiptap blockquote': { borderLeft: 3, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
            '& .tiptap a': { color: 'primary.main' },
          }}
          onClick={() => editor.commands.focus()}
        >
          <EditorContent editor={editor} />
        </Box>
      </Paper>
      <Dialog open={linkOpen} onClose={() => setLinkOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate('examhall.editor.link')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate('examhall.editor.linkPrompt')}
            value={linkUrl}
            error={linkInvalid}
            helperText={linkInvalid ? translate('examhall.editor.linkInvalid') : ' '}
            onChange={(e) => setLinkUrl(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              }
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setLinkOpen(false)}>{translate('examhall.common.cancel')}</Button>
          <Button variant="contained" disabled={!LINK_PATTERN.test(linkUrl.trim())} onClick={applyLink}>
            {translate('examhall.common.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

interface RichTextInputProps {
  source: string;
  isRequired?: boolean;
  label?: string;
  validate?: Validator | Validator[];
  uploadKind?: string;
  resource?: string;
}

/** react-admin input around RichTextEditor. */
export function RichTextInput({ source, label, validate, uploadKind, resource, isRequired: required }: RichTextInputProps) {
  const translate = useTranslate();
  const resourceName = useResourceContext({ resource });
  const { id, field, fieldState, formState, isRequired } = useInput({ source, validate, resource, defaultValue: '', isRequired: required });
  const text = translate(label ?? `resources.${resourceName}.fields.${source}`, { _: label ?? source });
  const showError = (fieldState.isTouched || formState.isSubmitted) && fieldState.invalid;
  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <RichTextEditor
        id={id}
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={field.onChange}
        onBlur={() => field.onBlur()}
        uploadKind={uploadKind}
        error={showError}
        ariaLabel={text}
        label={<FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />}
      />
      {showError ? <InputHelperText error={fieldState.error?.message} /> : null}
    </Box>
  );
}
