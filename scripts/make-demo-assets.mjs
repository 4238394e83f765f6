// Makes the demo course's files in server/seed/assets/ (committed; run again only to change them):
//   demo-intro.mp4  an 8-second test pattern with a title and a quiet tone (ffmpeg with libx264 and
//                   drawtext; `apt-get install -y ffmpeg` — a build-time tool, not a runtime dependency)
//   demo-guide.pdf  a 3-page PDF of course text, written by hand below (no dependency)
// Usage: node scripts/make-demo-assets.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const out = path.resolve(import.meta.dirname, '..', 'server', 'seed', 'assets');
fs.mkdirSync(out, { recursive: true });

// ---------- video ----------

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const text = (t, y, size) =>
  `drawtext=fontfile=${FONT}:text='${t}':fontcolor=white:fontsize=${size}:box=1:boxcolor=black@0.55:boxborderw=6:x=(w-text_w)/2:y=${y}`;
const video = path.join(out, 'demo-intro.mp4');
execFileSync(
  'ffmpeg',
  [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=12',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=22050',
    '-t', '8',
    '-vf', [text('Examhall demo course', 24, 18), text('Lesson 1 - getting started', 56, 13), text('%{eif\\:t+1\\:d} / 8 s', 140, 14)].join(','),
    '-af', 'volume=0.08',
    '-c:v', 'libx264', '-profile:v', 'baseline', '-pix_fmt', 'yuv420p', '-crf', '30', '-preset', 'veryslow',
    '-c:a', 'aac', '-b:a', '24k', '-ac', '1',
    // moov first, so a browser can start playing (and seek) before the whole file arrives.
    '-movflags', '+faststart',
    '-shortest', video,
  ],
  { stdio: 'inherit' },
);

// ---------- PDF ----------

const pages = [
  {
    title: 'Examhall demo course',
    lines: [
      'Welcome! This short guide comes with the demo course.',
      '',
      'How learning time is counted:',
      '- The page tells the server every 15 seconds what you are doing.',
      '- Time counts only while a video plays, or a document is open,',
      '  and the page is visible on your screen.',
      '- One file at a time: a second tab does not count twice.',
      '- A file is done when its required time is reached.',
      '',
      'Read on to the next page.',
    ],
  },
  {
    title: 'Studying well',
    lines: [
      '1. Set aside a quiet half hour for each lesson.',
      '2. Watch each video to the end; take short notes.',
      '3. Read the guide page by page; look again at what is new.',
      '4. When asked "are you still here?", answer to carry on.',
      '5. Files may open in order: finish one to unlock the next.',
      '',
      'Your progress bar shows learned time against required time.',
    ],
  },
  {
    title: 'After the course',
    lines: [
      'When every file is done, the course is finished.',
      'If the course links an exam, it is offered to you then.',
      '',
      'Your records (time, progress, finish date) are in the',
      'user centre, and your training department sees them too.',
      '',
      'Thank you for learning with Examhall.',
    ],
  },
];

const esc = (s) => s.replace(/[\\()]/g, (c) => `\\${c}`);
function pageStream(p, n) {
  const ops = ['BT', '/F2 22 Tf', '72 740 Td', `(${esc(p.title)}) Tj`, 'ET', 'BT', '/F1 12 Tf', '16 TL', '72 700 Td'];
  for (const line of p.lines) ops.push(`(${esc(line)}) Tj`, 'T*');
  ops.push('ET', 'BT', '/F1 9 Tf', '72 40 Td', `(Page ${n} of ${pages.length}) Tj`, 'ET');
  return ops.join('\n');
}

const objects = [];
const add = (body) => objects.push(body) ;
add('<< /Type /Catalog /Pages 2 0 R >>');
const firstPage = 5;
add(`<< /Type /Pages /Count ${pages.length} /Kids [${pages.map((_, i) => `${firstPage + i * 2} 0 R`).join(' ')}] >>`);
add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
pages.forEach((p, i) => {
  const stream = pageStream(p, i + 1);
  add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${firstPage + i * 2 + 1} 0 R >>`);
  add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
});

let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
const offsets = [];
objects.forEach((body, i) => {
  offsets.push(Buffer.byteLength(pdf, 'latin1'));
  pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
});
const xref = Buffer.byteLength(pdf, 'latin1');
pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
for (const o of offsets) pdf += `${String(o).padStart(10, '0')} 00000 n \n`;
pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info << /Title (Examhall demo guide) /Producer (scripts/make-demo-assets.mjs) >> >>\nstartxref\n${xref}\n%%EOF\n`;
fs.writeFileSync(path.join(out, 'demo-guide.pdf'), Buffer.from(pdf, 'latin1'));

for (const f of ['demo-intro.mp4', 'demo-guide.pdf']) console.log(`${f}: ${fs.statSync(path.join(out, f)).size} bytes`);
