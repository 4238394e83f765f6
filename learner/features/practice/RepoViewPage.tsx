import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import Shuffle from '@mui/icons-material/Shuffle';
import Category from '@mui/icons-material/Category';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import MenuBook from '@mui/icons-material/MenuBook';
import LocalOffer from '@mui/icons-material/LocalOffer';
import StarBorder from '@mui/icons-material/StarBorder';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { PracticeRepoDetail } from '../../../common/api/practice';
import { PracticeMode, QuLevel, QuType, type CodeOf } from '../../../common/codes';
import { formatTime } from '../../../common/format';
import { PageContainer } from '../../components/PageContainer';
import { QueryState } from '../../components/QueryState';
import { paths } from '../../config/paths';
import { accuracy, judged, selfAssessedText, usePracticeDetail, type Figures } from './api/practice';
import { trainingLabel, useStartTraining, type StartRequest } from './useStartTraining';

type Mode = CodeOf<typeof PracticeMode>;
type QuTypeCode = CodeOf<typeof QuType>;

const MODES: { mode: Mode; icon: ReactNode; hint: string }[] = [
  { mode: PracticeMode.SEQUENTIAL, icon: <FormatListNumbered />, hint: '按题库顺序，从上次的位置继续' },
  { mode: PracticeMode.RANDOM, icon: <Shuffle />, hint: '打乱顺序练习全部试题' },
  { mode: PracticeMode.BY_TYPE, icon: <Category />, hint: '选择一种题型专项练习' },
  { mode: PracticeMode.WRONG, icon: <ErrorOutline />, hint: '连续答对两次即移出错题' },
  { mode: PracticeMode.RECITE, icon: <MenuBook />, hint: '直接查看答案和解析' },
  { mode: PracticeMode.BY_TAG, icon: <LocalOffer />, hint: '选择一个知识点专项练习' },
  { mode: PracticeMode.FAVORITE, icon: <StarBorder />, hint: '练习本题库中收藏的试题' },
];

function Figure({ label, value, tone }: { label: string; value: ReactNode; tone?: 'error' }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0, textAlign: 'center' }}>
      <Typography sx={{ fontWeight: 600, fontSize: { xs: 20, sm: 24 }, color: tone === 'error' ? 'error.main' : 'text.primary' }}>{value}</Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ mb: 2 }}>
      <Typography component="h2" sx={{ fontWeight: 600, fontSize: 16, px: 2, pt: 2, pb: 1 }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}

const NONE: Figures = { answered: 0, right: 0, selfAssessed: 0, selfRight: 0 };

/** The accuracy of the server's verdicts, with my own verdicts apart below it. */
function AccuracyCell({ mine }: { mine: Figures }) {
  return (
    <TableCell align="right">
      {accuracy(mine)}
      {mine.selfAssessed > 0 && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
          自评 {mine.selfRight}/{mine.selfAssessed}
        </Typography>
      )}
    </TableCell>
  );
}

/** Counts per type and level, with my accuracy per type. */
function TypeTable({ detail }: { detail: PracticeRepoDetail }) {
  const types = QuType.items.filter((t) => detail.stats.some((s) => s.quType === t.value));
  const count = (quType: number, level?: number) => detail.stats.filter((s) => s.quType === quType && (level === undefined || s.level === level)).reduce((n, s) => n + s.count, 0);
  return (
    <TableContainer>
      <Table size="small" aria-label="题型分布">
        <TableHead>
          <TableRow>
            <TableCell>题型</TableCell>
            <TableCell align="right">题数</TableCell>
            {QuLevel.items.map((l) => (
              <TableCell key={l.value} align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {l.label}
              </TableCell>
            ))}
            <TableCell align="right">已练</TableCell>
            <TableCell align="right">正确率</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {types.map((t) => {
            const mine = detail.byType.find((b) => b.quType === t.value) ?? NONE;
            return (
              <TableRow key={t.value}>
                <TableCell>{t.label}</TableCell>
                <TableCell align="right">{count(t.value)}</TableCell>
                {QuLevel.items.map((l) => (
                  <TableCell key={l.value} align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {count(t.value, l.value)}
                  </TableCell>
                ))}
                <TableCell align="right">{mine.answered}</TableCell>
                <AccuracyCell mine={mine} />
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function TagTable({ detail }: { detail: PracticeRepoDetail }) {
  if (detail.tags.length === 0) return <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>本题库的试题没有设置知识点</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label="知识点掌握情况">
        <TableHead>
          <TableRow>
            <TableCell>知识点</TableCell>
            <TableCell align="right">题数</TableCell>
            <TableCell align="right">已练</TableCell>
            <TableCell align="right">正确率</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {detail.tags.map((t) => {
            const mine = detail.byTag.find((b) => b.tag === t.name) ?? NONE;
            return (
              <TableRow key={t.name}>
                <TableCell>{t.name}</TableCell>
                <TableCell align="right">{t.count}</TableCell>
                <TableCell align="right">{mine.answered}</TableCell>
                <AccuracyCell mine={mine} />
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Trainings({ detail }: { detail: PracticeRepoDetail }) {
  if (detail.trainings.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
        还没有练习记录，选择上面的一种方式开始练习吧
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label="练习记录" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {detail.trainings.map((t) => (
        <Box component="li" key={t.id} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.25, borderTop: 1, borderColor: 'divider' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography noWrap sx={{ fontWeight: 500 }}>
                {trainingLabel(t)}
              </Typography>
              {t.finished ? <Chip size="small" color="success" variant="outlined" label="已完成" /> : <Chip size="small" color="primary" variant="outlined" label="进行中" />}
            </Stack>
            <Typography variant="caption" color="text.secondary">
              已答 {t.answered}/{t.total} · 答对 {judged(t).right} · 正确率 {accuracy(t)}
              {selfAssessedText(t) && ` · ${selfAssessedText(t)}`}
              {t.pending > 0 && ` · 待自评 ${t.pending} 题`} · {formatTime(t.updateTime, 'YYYY-MM-DD HH:mm')}
            </Typography>
          </Box>
          <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
            {!t.finished && (
              <Button size="small" component={RouterLink} to={paths.repoTraining.to(t.repoId, t.mode, { trainId: t.id })}>
                继续
              </Button>
            )}
            <Button size="small" component={RouterLink} to={paths.repoResult.to(t.id)}>
              结果
            </Button>
          </Stack>
        </Box>
      ))}
    </Box>
  );
}

type Picker = { kind: 'type' } | { kind: 'tag' } | null;

function ModeButtons({ detail, onStart, busy }: { detail: PracticeRepoDetail; onStart: (req: StartRequest) => void; busy: boolean }) {
  const [picker, setPicker] = useState<Picker>(null);
  const repoId = detail.repo.id;
  const typeCounts = QuType.items
    .map((t) => ({ value: t.value as QuTypeCode, label: t.label, count: detail.stats.filter((s) => s.quType === t.value).reduce((n, s) => n + s.count, 0) }))
    .filter((t) => t.count > 0);
  const empty = detail.repo.quCount === 0;
  const disabledOf = (mode: Mode) => busy || empty || (mode === PracticeMode.WRONG && detail.wrongCount === 0) || (mode === PracticeMode.BY_TAG && detail.tags.length === 0);
  const click = (mode: Mode) => {
    if (mode === PracticeMode.BY_TYPE) setPicker({ kind: 'type' });
    else if (mode === PracticeMode.BY_TAG) setPicker({ kind: 'tag' });
    else onStart({ repoId, mode });
  };
  return (
    <>
      <Box sx={{ display: 'grid', gap: 1.5, p: 2, pt: 1, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' } }}>
        {MODES.map(({ mode, icon, hint }) => (
          <ButtonBase
            key={mode}
            onClick={() => click(mode)}
            disabled={disabledOf(mode)}
            aria-label={PracticeMode.label(mode)}
            sx={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'flex-start',
              textAlign: 'left',
              gap: 0.5,
              p: 1.5,
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              color: 'text.primary',
              '&:hover': { borderColor: 'primary.main', bgcolor: 'action.hover' },
              '&.Mui-disabled': { opacity: 0.5 },
              '&.Mui-focusVisible': { borderColor: 'primary.main', outline: '2px solid', outlineColor: 'primary.light' },
            }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'primary.main' }}>
              {icon}
              <Typography sx={{ fontWeight: 600, color: 'text.primary' }}>
                {PracticeMode.label(mode)}
                {mode === PracticeMode.WRONG && detail.wrongCount > 0 ? `（${detail.wrongCount}）` : ''}
              </Typography>
            </Stack>
            <Typography variant="caption" color="text.secondary">
              {mode === PracticeMode.WRONG && detail.wrongCount === 0 ? '暂无需要练习的错题' : hint}
            </Typography>
          </ButtonBase>
        ))}
      </Box>
      <Dialog open={picker !== null} onClose={() => setPicker(null)} maxWidth="xs" fullWidth aria-labelledby="picker-title">
        <DialogTitle id="picker-title">{picker?.kind === 'tag' ? '选择知识点' : '选择题型'}</DialogTitle>
        <DialogContent sx={{ px: 1, pb: 1 }}>
          <List dense aria-label={picker?.kind === 'tag' ? '知识点' : '题型'}>
            {picker?.kind === 'type' &&
              typeCounts.map((t) => (
                <ListItemButton
                  key={t.value}
                  onClick={() => {
                    setPicker(null);
                    onStart({ repoId, mode: PracticeMode.BY_TYPE, quType: t.value });
                  }}
                >
                  <ListItemText primary={t.label} secondary={`${t.count} 题`} />
                </ListItemButton>
              ))}
            {picker?.kind === 'tag' &&
              detail.tags.map((t) => (
                <ListItemButton
                  key={t.name}
                  onClick={() => {
                    setPicker(null);
                    onStart({ repoId, mode: PracticeMode.BY_TAG, tag: t.name });
                  }}
                >
                  <ListItemText primary={t.name} secondary={`${t.count} 题`} />
                </ListItemButton>
              ))}
          </List>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** /web/repo/view/{repoId}: what a bank holds, how well I know it, and a way in per practice mode. */
export function RepoViewPage() {
  const { repoId = '' } = useParams();
  const query = usePracticeDetail(repoId);
  const { start, busy, dialog } = useStartTraining();
  return (
    <PageContainer>
      <Link component={RouterLink} to={paths.repo.path} underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1.5 }}>
        <ArrowBack fontSize="small" /> 返回题库列表
      </Link>
      <QueryState query={query}>
        {(detail) => (
          <>
            <Card sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="h5" component="h1">
                  {detail.repo.title}
                </Typography>
                {detail.repo.catName && <Chip size="small" variant="outlined" label={detail.repo.catName} />}
              </Stack>
              {detail.repo.remark && (
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  {detail.repo.remark}
                </Typography>
              )}
              <Stack direction="row" sx={{ mt: 2.5, gap: 1 }}>
                <Figure label="试题总数" value={detail.repo.quCount} />
                <Figure label="已练题数" value={detail.repo.answered} />
                <Figure label="正确率" value={accuracy(detail.repo)} />
                <Figure label="待练错题" value={detail.wrongCount} tone={detail.wrongCount > 0 ? 'error' : undefined} />
              </Stack>
              {detail.repo.selfAssessed > 0 && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1, textAlign: 'center' }}>
                  正确率只算系统判定的题；{selfAssessedText(detail.repo)}（简答题由你对照参考答案自评）
                </Typography>
              )}
              {detail.repo.lastTime && (
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5, textAlign: 'center' }}>
                  上次练习：{formatTime(detail.repo.lastTime, 'YYYY-MM-DD HH:mm')}
                </Typography>
              )}
            </Card>
            <Section title="开始练习">
              {detail.repo.quCount === 0 && <Typography color="text.secondary" sx={{ px: 2 }}>这个题库还没有试题</Typography>}
              <ModeButtons detail={detail} onStart={(req) => void start(req)} busy={busy} />
            </Section>
            <Box sx={{ display: 'grid', gap: { md: 2 }, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
              <Section title="题型分布与正确率">
                <TypeTable detail={detail} />
              </Section>
              <Section title="知识点掌握情况">
                <TagTable detail={detail} />
              </Section>
            </Box>
            <Section title="我的练习记录">
              <Trainings detail={detail} />
            </Section>
          </>
        )}
      </QueryState>
      {dialog}
    </PageContainer>
  );
}
