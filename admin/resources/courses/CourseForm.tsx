import { useQuery } from '@tanstack/react-query';
import { Divider, Typography } from '@mui/material';
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
  SelectInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import { CourseState, courseCatalogApi, examApi, type CourseCatalogNode, type CourseSaveBody } from '../../../common/api';
import { Audience } from '../../../common/codes';
import { call } from '../../../common/http';
import { useRedirectAfterSave } from '../../layout/KeptViews';
import { endpointKey } from '../../providers/endpointQuery';
import { LogoInput } from '../config/LogoInput';
import { DeptTreeInput } from '../shared/DeptTreeSelect';
import { useCodeChoices } from '../shared/labels';
import { EditLoadError, FormToolbar, ResourceForm, useRecordQueryOptions } from '../shared/recordParts';
import { RichTextInput } from '../shared/RichTextInput';
import { UserPickerInput } from '../shared/UserPicker';
import { parseCode } from '../shared/util';

const RESOURCE = 'course/list';

const toMillis = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const t = v instanceof Date ? v.getTime() : typeof v === 'number' ? v : Date.parse(String(v));
  return Number.isFinite(t) ? t : null;
};

/** The save body: departments and people travel only with the audience that uses them. */
export function toCourseBody(data: Record<string, unknown>): CourseSaveBody {
  const audience = Number(data.audience);
  const aud = Audience.has(audience) ? audience : Audience.EVERYONE;
  const state = Number(data.state);
  return {
    ...(data.id ? { id: String(data.id) } : {}),
    title: String(data.title ?? '').trim(),
    cover: String(data.cover ?? ''),
    content: String(data.content ?? ''),
    catId: String(data.catId ?? ''),
    teacher: String(data.teacher ?? '').trim(),
    classHours: Math.max(0, Math.round(Number(data.classHours ?? 0) * 10) / 10) || 0,
    audience: aud,
    departIds: aud === Audience.DEPARTS && Array.isArray(data.departIds) ? data.departIds.map(String) : [],
    userIds: aud === Audience.PEOPLE && Array.isArray(data.userIds) ? data.userIds.map(String) : [],
    required: data.required === true || data.required === 'true',
    state: CourseState.has(state) ? state : CourseState.DRAFT,
    deadline: toMillis(data.deadline),
    unlockInOrder: Boolean(data.unlockInOrder),
    examId: String(data.examId ?? ''),
    checkMinutes: Math.max(0, Math.min(240, Math.trunc(Number(data.checkMinutes ?? 0)) || 0)),
    noSkip: Boolean(data.noSkip),
  };
}

const flatten = (nodes: CourseCatalogNode[], depth = 0): Array<{ id: string; name: string }> =>
  nodes.flatMap((n) => [{ id: n.id, name: `${'　'.repeat(depth)}${n.title}` }, ...flatten(n.children, depth + 1)]);

function CatalogSelect() {
  const tree = useQuery({ queryKey: endpointKey(courseCatalogApi.tree), queryFn: () => call(courseCatalogApi.tree, {}, { silent: true }) });
  return <SelectInput source="catId" choices={flatten(tree.data ?? [])} emptyText="—" emptyValue="" sx={{ minWidth: 240 }} />;
}

function ExamSelect() {
  const translate = useTranslate();
  const exams = useQuery({
    queryKey: [...endpointKey(examApi.paging), 'course-link'],
    queryFn: () => call(examApi.paging, { current: 1, size: 200, params: {} }, { silent: true }),
  });
  const choices = (exams.data?.records ?? []).map((e) => ({ id: e.id, name: e.title }));
  return (
    <SelectInput
      source="examId"
      choices={choices}
      emptyText={translate('examhall.courses.noExam')}
      emptyValue=""
      helperText="examhall.courses.examHelper"
      sx={{ minWidth: 320 }}
      isLoading={exams.isPending}
    />
  );
}

const deptsRule = (v: unknown, values: Record<string, unknown>) =>
  Number(values.audience) === Audience.DEPARTS && (!Array.isArray(v) || v.length === 0) ? 'examhall.validation.depts' : undefined;
const usersRule = (v: unknown, values: Record<string, unknown>) =>
  Number(values.audience) === Audience.PEOPLE && (!Array.isArray(v) || v.length === 0) ? 'examhall.validation.users' : undefined;

export function CourseFormFields() {
  const translate = useTranslate();
  const audienceChoices = useCodeChoices(Audience.items);
  const stateChoices = useCodeChoices(CourseState.items);
  const requiredChoices = [
    { id: true, name: translate('examhall.courses.required') },
    { id: false, name: translate('examhall.courses.elective') },
  ];
  return (
    <>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate('examhall.courses.basic')}
      </Typography>
      <TextInput source="title" validate={[required('examhall.validation.courseTitle'), maxLength(128)]} sx={{ maxWidth: 720 }} />
      <LogoInput source="cover" kind="image" />
      <CatalogSelect />
      <TextInput source="teacher" validate={maxLength(64)} sx={{ maxWidth: 360 }} />
      <NumberInput source="classHours" min={0} max={1000} step={0.5} sx={{ maxWidth: 200 }} />
      <RichTextInput source="content" uploadKind="image" />
      <RadioButtonGroupInput source="required" choices={requiredChoices} parse={(v: unknown) => v === true || v === 'true'} />
      <RadioButtonGroupInput source="audience" choices={audienceChoices} parse={parseCode} />
      <FormDataConsumer>
        {({ formData }) =>
          Number(formData.audience) === Audience.DEPARTS ? (
            <DeptTreeInput source="departIds" multiple resource={RESOURCE} validate={deptsRule} isRequired sx={{ maxWidth: 720, mb: 2 }} />
          ) : Number(formData.audience) === Audience.PEOPLE ? (
            <UserPickerInput source="userIds" resource={RESOURCE} validate={usersRule} isRequired />
          ) : null
        }
      </FormDataConsumer>
      <Divider sx={{ width: '100%', my: 1 }} />
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate('examhall.courses.rules')}
      </Typography>
      <DateTimeInput source="deadline" parse={(v: string) => (v ? new Date(v).getTime() : null)} sx={{ maxWidth: 280 }} />
      <BooleanInput source="unlockInOrder" />
      <BooleanInput source="noSkip" />
      <NumberInput source="checkMinutes" min={0} max={240} step={1} helperText="examhall.courses.checkHelper" sx={{ maxWidth: 360 }} />
      <ExamSelect />
      <RadioButtonGroupInput source="state" choices={stateChoices} parse={parseCode} />
    </>
  );
}

const DEFAULTS = {
  title: '',
  cover: '',
  content: '',
  catId: '',
  teacher: '',
  classHours: 0,
  audience: Audience.EVERYONE,
  departIds: [],
  userIds: [],
  required: true,
  state: CourseState.DRAFT,
  deadline: null,
  unlockInOrder: true,
  examId: '',
  checkMinutes: 0,
  noSkip: false,
};

export function CourseCreate() {
  const translate = useTranslate();
  return (
    <Create resource={RESOURCE} title={translate('examhall.courses.createTitle')} redirect={(_r?: string, id?: unknown) => `course/list/${String(id)}/files`} transform={toCourseBody}>
      <ResourceForm defaultValues={DEFAULTS}>
        <CourseFormFields />
      </ResourceForm>
    </Create>
  );
}

export function CourseEdit() {
  const translate = useTranslate();
  const redirect = useRedirectAfterSave();
  const queryOptions = useRecordQueryOptions();
  return (
    <Edit
      resource={RESOURCE}
      title={translate('examhall.courses.editTitle')}
      redirect={redirect}
      mutationMode="pessimistic"
      queryOptions={queryOptions}
      error={<EditLoadError />}
      transform={toCourseBody}
    >
      <ResourceForm toolbar={<FormToolbar deletable />}>
        <CourseFormFields />
      </ResourceForm>
    </Edit>
  );
}
