import type { ReactNode } from 'react';
import { Alert, Box, Divider, Stack, Typography } from '@mui/material';
import {
  BooleanInput,
  Create,
  DateTimeInput,
  Edit,
  FormDataConsumer,
  maxLength,
  NumberInput,
  RadioButtonGroupInput,
  required,
  TextInput,
  useTranslate,
  type Validator,
} from 'react-admin';
import type { ExamSaveBody } from '../../../common/api';
import { DisplayMode, ExamOpenType, QuType, ResultShow } from '../../../common/codes';
import { useRedirectAfterSave } from '../../layout/KeptViews';
import { DeptTreeInput } from '../shared/DeptTreeSelect';
import { useCodeChoices } from '../shared/labels';
import { EditLoadError, FormToolbar, ResourceForm, useRecordQueryOptions } from '../shared/recordParts';
import { RichTextInput } from '../shared/RichTextInput';
import { UserPickerInput } from '../shared/UserPicker';
import { parseCode } from '../shared/util';
import { compositionTotals, newGroup, toExamGroup, type DraftGroup } from './composition';
import { SectionBuilder, useBanks } from './SectionBuilder';

const RESOURCE = 'exam/list';

const toMillis = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const t = v instanceof Date ? v.getTime() : typeof v === 'number' ? v : Date.parse(String(v));
  return Number.isFinite(t) ? t : null;
};
const int = (v: unknown, min: number, max: number) => Math.max(min, Math.min(max, Math.trunc(Number(v ?? 0)) || 0));
const groupsOf = (v: unknown): DraftGroup[] => (Array.isArray(v) ? (v as DraftGroup[]) : []);

/** The save body: departments, people and the password travel only with the audience that uses them. */
export function toExamBody(data: Record<string, unknown>): ExamSaveBody {
  const openType = Number(data.openType);
  const open = ExamOpenType.has(openType) ? openType : ExamOpenType.PUBLIC;
  const resultShow = Number(data.resultShow);
  const displayMode = Number(data.displayMode);
  return {
    ...(data.id ? { id: String(data.id) } : {}),
    title: String(data.title ?? '').trim(),
    content: String(data.content ?? ''),
    openType: open,
    departIds: open === ExamOpenType.DEPARTS && Array.isArray(data.departIds) ? data.departIds.map(String) : [],
    userIds: open === ExamOpenType.PEOPLE && Array.isArray(data.userIds) ? data.userIds.map(String) : [],
    password: open === ExamOpenType.PASSWORD ? String(data.password ?? '').trim() : '',
    startTime: toMillis(data.startTime),
    endTime: toMillis(data.endTime),
    totalTime: int(data.totalTime, 0, 10_000),
    qualifyScore: Math.max(0, Math.round(Number(data.qualifyScore ?? 0) * 100) / 100 || 0),
    excellentScore: excellentOf(data.excellentScore),
    chance: int(data.chance, 0, 1000),
    handMin: int(data.handMin, 0, 10_000),
    lateMax: int(data.lateMax, 0, 10_000),
    resultShow: ResultShow.has(resultShow) ? resultShow : ResultShow.SCORE,
    reviewAfterEnd: Boolean(data.reviewAfterEnd),
    practiceDuringExam: Boolean(data.practiceDuringExam),
    rankingVisible: Boolean(data.rankingVisible),
    rankingShowNames: data.rankingShowNames === undefined ? true : Boolean(data.rankingShowNames),
    thanks: String(data.thanks ?? ''),
    displayMode: DisplayMode.has(displayMode) ? displayMode : DisplayMode.STEP,
    shuffleQuestions: Boolean(data.shuffleQuestions),
    shuffleOptions: Boolean(data.shuffleOptions),
    leaveLimit: int(data.leaveLimit, 0, 100),
    fullscreen: Boolean(data.fullscreen),
    blockPaste: Boolean(data.blockPaste),
    watermark: Boolean(data.watermark),
    idleLimit: int(data.idleLimit, 0, 600),
    groups: groupsOf(data.groups).map(toExamGroup),
  };
}

/** 优秀线: empty means the default (90 % of the total), sent as null. */
function excellentOf(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) / 100 : null;
}

// ---- Validation on submit (the server checks again) ----

/** A whole number from min to max (an empty input counts as 0, as the body sends it). */
export const wholeIn =
  (min: number, max: number): Validator =>
  (v: unknown) => {
    if (v === null || v === undefined || v === '') return undefined;
    const n = Number(v);
    return Number.isInteger(n) && n >= min && n <= max ? undefined : { message: 'examhall.exams.v.number', args: { min, max } };
  };

export const endTimeRule = (v: unknown, values: Record<string, unknown>) => {
  const end = toMillis(v);
  const start = toMillis(values.startTime);
  if (end !== null && start !== null && end <= start) return 'examhall.exams.v.endAfterStart';
  if (end === null && !(Number(values.totalTime) > 0)) return 'examhall.exams.v.endRequired';
  return undefined;
};

export const qualifyRule = (v: unknown, values: Record<string, unknown>) => {
  const n = Number(v ?? 0);
  if (!Number.isFinite(n) || n < 0) return { message: 'examhall.exams.v.number', args: { min: 0, max: 10_000 } };
  const { totalScore } = compositionTotals(groupsOf(values.groups));
  return totalScore > 0 && n > totalScore ? 'examhall.exams.v.qualify' : undefined;
};

/** 优秀线: optional, from 0 to the paper's total. */
export const excellentRule = (v: unknown, values: Record<string, unknown>) => {
  if (v === null || v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) return { message: 'examhall.exams.v.number', args: { min: 0, max: 10_000 } };
  const { totalScore } = compositionTotals(groupsOf(values.groups));
  return totalScore > 0 && n > totalScore ? 'examhall.exams.v.excellent' : undefined;
};

const passwordRule = (v: unknown, values: Record<string, unknown>) =>
  Number(values.openType) === ExamOpenType.PASSWORD && !String(v ?? '').trim() ? 'examhall.exams.v.password' : undefined;
const deptsRule = (v: unknown, values: Record<string, unknown>) =>
  Number(values.openType) === ExamOpenType.DEPARTS && (!Array.isArray(v) || v.length === 0) ? 'examhall.validation.depts' : undefined;
const usersRule = (v: unknown, values: Record<string, unknown>) =>
  Number(values.openType) === ExamOpenType.PEOPLE && (!Array.isArray(v) || v.length === 0) ? 'examhall.validation.users' : undefined;

const parseTime = (v: string) => (v ? new Date(v).getTime() : null);

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-label={translate(title)} sx={{ width: '100%' }}>
      <Divider sx={{ mb: 1.5 }} />
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

const row = { direction: { xs: 'column', md: 'row' }, columnGap: 2, useFlexGap: true, flexWrap: 'wrap' } as const;
const narrow = { width: { xs: '100%', md: 240 } };

function QualifyHelper() {
  const translate = useTranslate();
  return (
    <FormDataConsumer>
      {({ formData }) => (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: -1, mb: 1 }}>
          {translate('examhall.exams.qualifyHelper', { total: compositionTotals(groupsOf(formData.groups)).totalScore })}
        </Typography>
      )}
    </FormDataConsumer>
  );
}

/**
 * Whether learners may practise the exam's banks while it is open to them, with a warning naming
 * the banks it draws from that are open for practice (closed to its learners meanwhile, or, when
 * allowed, practised beside the exam).
 */
export function PracticeDuringExamInput() {
  return (
    <FormDataConsumer>
      {({ formData }) => <PracticeDuringExam repoIds={groupsOf(formData.groups).flatMap((g) => g.draws.map((d) => d.repoId))} allowed={Boolean(formData.practiceDuringExam)} />}
    </FormDataConsumer>
  );
}

function PracticeDuringExam({ repoIds, allowed }: { repoIds: string[]; allowed: boolean }) {
  const translate = useTranslate();
  const { banks } = useBanks(repoIds);
  const open = banks.filter((b) => b.practiceOpen && repoIds.includes(b.id)).map((b) => `《${b.title}》`);
  return (
    <>
      <BooleanInput source="practiceDuringExam" helperText="examhall.exams.practiceDuringExamHelper" />
      {open.length > 0 && (
        <Alert severity="warning" data-testid="practice-open-warning" sx={{ maxWidth: 720, mb: 2 }}>
          {translate(allowed ? 'examhall.exams.practiceOpenAllowed' : 'examhall.exams.practiceOpenClosed', { banks: open.join('、') })}
        </Alert>
      )}
    </>
  );
}

/**
 * 成绩排名: whether learners see the exam's ranking (and their rank on their result) and whether it
 * names people. Offered only where scores are shown: an exam that shows only its thank-you shows no
 * rank either (the server holds to that whatever is saved).
 */
export function RankingInputs() {
  return (
    <FormDataConsumer>
      {({ formData }) =>
        Number(formData.resultShow) >= ResultShow.SCORE ? (
          <Stack {...row}>
            <BooleanInput source="rankingVisible" helperText="examhall.exams.rankingVisibleHelper" />
            {formData.rankingVisible ? <BooleanInput source="rankingShowNames" helperText="examhall.exams.rankingShowNamesHelper" /> : null}
          </Stack>
        ) : null
      }
    </FormDataConsumer>
  );
}

/** Every field of the exam, in sections: basics, audience, time, results and answering, integrity, composition. */
export function ExamFormFields() {
  const openTypeChoices = useCodeChoices(ExamOpenType.items);
  const resultChoices = useCodeChoices(ResultShow.items);
  const displayChoices = useCodeChoices(DisplayMode.items);
  return (
    <>
      <Section title="examhall.exams.basic">
        <TextInput source="title" validate={[required('examhall.validation.examTitle'), maxLength(128)]} sx={{ maxWidth: 720 }} fullWidth />
        <RichTextInput source="content" uploadKind="image" />
      </Section>
      <Section title="examhall.exams.audience">
        <RadioButtonGroupInput source="openType" choices={openTypeChoices} parse={parseCode} />
        <FormDataConsumer>
          {({ formData }) =>
            Number(formData.openType) === ExamOpenType.DEPARTS ? (
              <DeptTreeInput source="departIds" multiple resource={RESOURCE} validate={deptsRule} isRequired sx={{ maxWidth: 720, mb: 2 }} />
            ) : Number(formData.openType) === ExamOpenType.PEOPLE ? (
              <UserPickerInput source="userIds" resource={RESOURCE} validate={usersRule} isRequired />
            ) : Number(formData.openType) === ExamOpenType.PASSWORD ? (
              <TextInput source="password" validate={[passwordRule, maxLength(64)]} helperText="examhall.exams.passwordHelper" sx={{ maxWidth: 320 }} isRequired />
            ) : null
          }
        </FormDataConsumer>
      </Section>
      <Section title="examhall.exams.time">
        <Stack {...row}>
          <DateTimeInput source="startTime" parse={parseTime} sx={{ width: { xs: '100%', md: 260 } }} />
          <DateTimeInput source="endTime" parse={parseTime} validate={endTimeRule} sx={{ width: { xs: '100%', md: 260 } }} />
        </Stack>
        <Stack {...row}>
          <NumberInput source="totalTime" min={0} max={10_000} step={1} validate={wholeIn(0, 10_000)} helperText="examhall.exams.totalTimeHelper" sx={{ width: { xs: '100%', md: 300 } }} />
          <NumberInput source="chance" min={0} max={1000} step={1} validate={wholeIn(0, 1000)} helperText="examhall.exams.chanceHelper" sx={narrow} />
        </Stack>
        <Stack {...row}>
          <NumberInput source="handMin" min={0} max={10_000} step={1} validate={wholeIn(0, 10_000)} helperText="examhall.exams.handMinHelper" sx={{ width: { xs: '100%', md: 300 } }} />
          <NumberInput source="lateMax" min={0} max={10_000} step={1} validate={wholeIn(0, 10_000)} helperText="examhall.exams.lateMaxHelper" sx={{ width: { xs: '100%', md: 300 } }} />
        </Stack>
      </Section>
      <Section title="examhall.exams.result">
        <NumberInput source="qualifyScore" min={0} step={1} validate={qualifyRule} helperText={false} sx={narrow} />
        <QualifyHelper />
        <NumberInput source="excellentScore" min={0} step={1} validate={excellentRule} helperText="examhall.exams.excellentHelper" sx={narrow} />
        <RadioButtonGroupInput source="resultShow" choices={resultChoices} parse={parseCode} />
        <FormDataConsumer>{({ formData }) => (Number(formData.resultShow) === ResultShow.REVIEW ? <BooleanInput source="reviewAfterEnd" /> : null)}</FormDataConsumer>
        <RankingInputs />
        <PracticeDuringExamInput />
        <TextInput source="thanks" multiline minRows={2} validate={maxLength(2000)} helperText="examhall.exams.thanksHelper" sx={{ maxWidth: 720 }} fullWidth />
        <RadioButtonGroupInput source="displayMode" choices={displayChoices} parse={parseCode} />
        <Stack {...row}>
          <BooleanInput source="shuffleQuestions" />
          <BooleanInput source="shuffleOptions" />
        </Stack>
      </Section>
      <Section title="examhall.exams.integrity">
        <Stack {...row}>
          <NumberInput source="leaveLimit" min={0} max={100} step={1} validate={wholeIn(0, 100)} helperText="examhall.exams.leaveLimitHelper" sx={{ width: { xs: '100%', md: 320 } }} />
          <NumberInput source="idleLimit" min={0} max={600} step={1} validate={wholeIn(0, 600)} helperText="examhall.exams.idleLimitHelper" sx={{ width: { xs: '100%', md: 320 } }} />
        </Stack>
        <Stack {...row}>
          <BooleanInput source="fullscreen" />
          <BooleanInput source="blockPaste" />
          <BooleanInput source="watermark" />
        </Stack>
      </Section>
      <Section title="examhall.exams.composition">
        <SectionBuilder />
      </Section>
    </>
  );
}

export const EXAM_DEFAULTS = {
  title: '',
  content: '',
  openType: ExamOpenType.PUBLIC,
  departIds: [],
  userIds: [],
  password: '',
  startTime: null,
  endTime: null,
  totalTime: 60,
  qualifyScore: 60,
  chance: 0,
  handMin: 0,
  lateMax: 0,
  resultShow: ResultShow.SCORE,
  reviewAfterEnd: false,
  practiceDuringExam: false,
  rankingVisible: false,
  rankingShowNames: true,
  thanks: '',
  displayMode: DisplayMode.STEP,
  shuffleQuestions: true,
  shuffleOptions: true,
  leaveLimit: 0,
  fullscreen: false,
  blockPaste: false,
  watermark: false,
  idleLimit: 0,
};

export function ExamCreate() {
  const translate = useTranslate();
  const redirect = useRedirectAfterSave();
  return (
    <Create resource={RESOURCE} title={translate('examhall.exams.createTitle')} redirect={redirect} transform={toExamBody}>
      <ResourceForm defaultValues={{ ...EXAM_DEFAULTS, groups: [newGroup(QuType.SINGLE, translate('examhall.exams.defaultSection'))] }}>
        <ExamFormFields />
      </ResourceForm>
    </Create>
  );
}

export function ExamEdit() {
  const translate = useTranslate();
  const redirect = useRedirectAfterSave();
  const queryOptions = useRecordQueryOptions();
  return (
    <Edit
      resource={RESOURCE}
      title={translate('examhall.exams.editTitle')}
      redirect={redirect}
      mutationMode="pessimistic"
      queryOptions={queryOptions}
      error={<EditLoadError />}
      transform={toExamBody}
    >
      <ResourceForm toolbar={<FormToolbar deletable />}>
        <ExamFormFields />
      </ResourceForm>
    </Edit>
  );
}
