import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { formatTime } from '../../../common/format';
import { PageContainer } from '../../components/PageContainer';
import { QueryState } from '../../components/QueryState';
import { RichContent } from '../../../common/components/RichContent';
import { paths } from '../../config/paths';
import { useNotice } from './api/getNotice';

/** /web/notice/detail/{id}: one notice with its publish time, publisher and content. */
export function NoticeDetailPage() {
  const { id = '' } = useParams();
  const query = useNotice(id);

  return (
    <PageContainer width="reading">
      <Button component={RouterLink} to={paths.notice.path} startIcon={<ArrowBack />} sx={{ mb: 2 }}>
        返回公告列表
      </Button>
      <Card>
        <QueryState query={query}>
          {(notice) => (
            <CardContent component="article" sx={{ p: { xs: 2.5, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 5 } } }}>
              <Typography variant="h5" component="h1" sx={{ lineHeight: 1.5, textAlign: { sm: 'center' } }}>
                {notice.title}
              </Typography>
              <Stack
                direction="row"
                useFlexGap
                sx={{ mt: 1.5, columnGap: 3, rowGap: 0.5, flexWrap: 'wrap', justifyContent: { sm: 'center' }, color: 'text.secondary' }}
              >
                <Typography variant="body2">发布时间：{formatTime(notice.publishTime ?? notice.createTime, 'YYYY-MM-DD HH:mm')}</Typography>
                <Typography variant="body2">发布人：{notice.createByName || '—'}</Typography>
              </Stack>
              <Divider sx={{ my: 3 }} />
              <Box>
                <RichContent html={notice.content} />
              </Box>
            </CardContent>
          )}
        </QueryState>
      </Card>
    </PageContainer>
  );
}
