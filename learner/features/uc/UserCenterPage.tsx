import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../app/session/context';
import { LoadingScreen } from '../../components/LoadingScreen';
import { PageContainer } from '../../components/PageContainer';
import { USER_CENTER_TABS, type UserCenterTab } from '../../config/paths';
import { MessagesTab } from './MessagesTab';
import { PasswordTab } from './PasswordTab';
import { ProfileTab } from './ProfileTab';

const MyCourseRecordsTab = lazy(() => import('../course/MyCourseRecordsTab').then((m) => ({ default: m.MyCourseRecordsTab })));
const MyExamRecordsTab = lazy(() => import('../records/MyExamRecordsTab').then((m) => ({ default: m.MyExamRecordsTab })));
// Face enrolment (and the face worker behind it) loads only when this tab is opened.
const FaceEnrolTab = lazy(() => import('./FaceEnrolTab').then((m) => ({ default: m.FaceEnrolTab })));
const MyMasteryTab = lazy(() => import('../records/MyMasteryTab').then((m) => ({ default: m.MyMasteryTab })));

const TAB_LABELS: Record<UserCenterTab, string> = { profile: '我的资料', password: '修改密码', face: '人脸识别', msg: '我的消息', exam: '我的成绩', mastery: '知识点掌握', course: '学习记录' };

function currentTab(raw: string | null, tabs: readonly UserCenterTab[]): UserCenterTab {
  return tabs.find((t) => t === raw) ?? 'profile';
}

/** /web/uc: my profile, password, messages, exam results, knowledge-point mastery and course records, one tab each (?tab=profile|password|msg|exam|mastery|course). */
export function UserCenterPage() {
  const { user, site } = useSession();
  const [search, setSearch] = useSearchParams();
  // Face enrolment is offered where the site uses faces (face sign-in switched on).
  const tabs = site?.loginFace ? USER_CENTER_TABS : USER_CENTER_TABS.filter((t) => t !== 'face');
  const tab = currentTab(search.get('tab'), tabs);

  const select = (next: UserCenterTab) => setSearch(next === 'profile' ? {} : { tab: next }, { replace: true });

  return (
    <PageContainer title="用户中心">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Card
          sx={{
            width: { xs: '100%', md: 260 },
            flexShrink: 0,
            p: { xs: 2, md: 3 },
            display: 'flex',
            flexDirection: { xs: 'row', md: 'column' },
            alignItems: 'center',
            gap: { xs: 2, md: 0 },
            textAlign: { xs: 'left', md: 'center' },
          }}
        >
          <Avatar
            src={user?.avatar || undefined}
            alt={user?.realName}
            sx={{ width: { xs: 56, md: 80 }, height: { xs: 56, md: 80 }, fontSize: { xs: 24, md: 32 }, bgcolor: 'primary.main' }}
          >
            {user?.realName?.slice(0, 1)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="p" sx={{ mt: { md: 2 } }} noWrap>
              {user?.realName}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {user?.userName}
            </Typography>
            {user?.deptName && <Chip size="small" label={user.deptName} sx={{ mt: { xs: 0.75, md: 1.5 } }} />}
          </Box>
        </Card>
        <Card sx={{ flex: 1, width: '100%', minWidth: 0 }}>
          <Box sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 1, sm: 2 } }}>
            <Tabs value={tab} onChange={(_, v: UserCenterTab) => select(v)} variant="scrollable" allowScrollButtonsMobile aria-label="用户中心">
              {tabs.map((t) => (
                <Tab
                  key={t}
                  value={t}
                  id={`uc-tab-${t}`}
                  aria-controls={`uc-panel-${t}`}
                  label={TAB_LABELS[t]}
                />
              ))}
            </Tabs>
          </Box>
          <Box role="tabpanel" id={`uc-panel-${tab}`} aria-labelledby={`uc-tab-${tab}`} sx={{ p: { xs: 2, sm: 3 } }}>
            {tab === 'profile' && <ProfileTab />}
            {tab === 'password' && <PasswordTab />}
            {tab === 'face' && (
              <Suspense fallback={<LoadingScreen />}>
                <FaceEnrolTab />
              </Suspense>
            )}
            {tab === 'msg' && <MessagesTab />}
            {tab === 'exam' && (
              <Suspense fallback={<LoadingScreen />}>
                <MyExamRecordsTab />
              </Suspense>
            )}
            {tab === 'mastery' && (
              <Suspense fallback={<LoadingScreen />}>
                <MyMasteryTab />
              </Suspense>
            )}
            {tab === 'course' && (
              <Suspense fallback={<LoadingScreen />}>
                <MyCourseRecordsTab />
              </Suspense>
            )}
          </Box>
        </Card>
      </Stack>
    </PageContainer>
  );
}
