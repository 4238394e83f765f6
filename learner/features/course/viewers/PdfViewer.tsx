import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import * as pdfjs from 'pdfjs-dist';
import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;

type PdfTask = ReturnType<typeof pdfjs.getDocument>;
type PdfDoc = Awaited<PdfTask['promise']>;

/**
 * A PDF read page by page with pdf.js (this module and pdf.js load only when a PDF is opened).
 * The bytes come by HTTP range requests from the signed address. Each page shown is reported,
 * so the server can record the pages seen.
 */
export default function PdfViewer({ url, startPage = 1, onPage }: { url: string; startPage?: number; onPage: (page: number) => void }) {
  const [doc, setDoc] = useState<PdfDoc | null>(null);
  const [error, setError] = useState('');
  const [page, setPage] = useState(startPage);
  const [rendering, setRendering] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  // The document shown is read by range requests from its address. A renewed address (fetched
  // before the old one lapses) loads the document again behind the one shown, which stays until
  // the new one is ready: the page on screen and the page number stay as they are.
  const shown = useRef<PdfTask | null>(null);
  useEffect(() => {
    let cancelled = false;
    const task = pdfjs.getDocument({ url, disableAutoFetch: true, disableStream: true, isEvalSupported: false });
    task.promise.then(
      (d) => {
        if (cancelled) return;
        const before = shown.current;
        shown.current = task;
        setDoc(d);
        setError('');
        if (before) void before.destroy();
      },
      () => {
        // Failing to renew keeps the document shown (its pages read so far stay readable).
        if (!cancelled && !shown.current) setError('文档加载失败，请刷新页面后重试');
      },
    );
    return () => {
      cancelled = true;
      if (shown.current !== task) void task.destroy();
    };
  }, [url]);
  useEffect(
    () => () => {
      void shown.current?.destroy();
      shown.current = null;
    },
    [],
  );

  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!doc || !canvas.current || width === 0) return;
    const n = Math.min(Math.max(1, page), doc.numPages);
    let cancelled = false;
    let render: { cancel: () => void; promise: Promise<void> } | null = null;
    setRendering(true);
    void doc.getPage(n).then((p) => {
      if (cancelled || !canvas.current) return;
      const base = p.getViewport({ scale: 1 });
      const scale = Math.min(2.5, width / base.width);
      const ratio = window.devicePixelRatio || 1;
      const viewport = p.getViewport({ scale: scale * ratio });
      const c = canvas.current;
      c.width = Math.floor(viewport.width);
      c.height = Math.floor(viewport.height);
      c.style.width = `${Math.floor(viewport.width / ratio)}px`;
      c.style.height = `${Math.floor(viewport.height / ratio)}px`;
      render = p.render({ canvas: c, viewport });
      render.promise.then(
        () => {
          if (cancelled) return;
          setRendering(false);
          onPage(n);
        },
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [doc, page, width, onPage]);

  const total = doc?.numPages ?? 0;
  return (
    <Box>
      <Box ref={frame} sx={{ position: 'relative', width: '100%', minHeight: 240, bgcolor: 'grey.100', display: 'flex', justifyContent: 'center' }}>
        {error ? (
          <Typography color="error" sx={{ p: 4 }}>
            {error}
          </Typography>
        ) : (
          <canvas ref={canvas} aria-label={total ? `第 ${page} 页，共 ${total} 页` : '文档'} style={{ display: 'block', maxWidth: '100%' }} />
        )}
        {(!doc || rendering) && !error && (
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
            <CircularProgress size={32} aria-label="文档加载中" />
          </Box>
        )}
      </Box>
      {total > 0 && (
        <Stack direction="row" spacing={1} alignItems="center" justifyContent="center" sx={{ py: 1.5 }}>
          <Button startIcon={<NavigateBefore />} disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            上一页
          </Button>
          <Typography variant="body2" sx={{ minWidth: 72, textAlign: 'center' }} aria-live="polite">
            {page} / {total}
          </Typography>
          <Button endIcon={<NavigateNext />} disabled={page >= total} onClick={() => setPage((p) => p + 1)}>
            下一页
          </Button>
        </Stack>
      )}
    </Box>
  );
}
