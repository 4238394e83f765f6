import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Link as RouterLink } from 'react-router-dom';
import { QueryState } from '../../components/QueryState';
import { paths } from '../../config/paths';
import { useMyRecords } from './api/records';
import { NoRecords, RecordList } from './PaperRecordsPage';

/** The latest records shown in the user centre; the whole list, with its search, is 我的成绩 (/web/paper). */
const LATEST = 5;

/** 我的成绩 in the user centre: my latest exam records, and the way to all of them. */
export function MyExamRecordsTab() {
  const query = useMyRecords({ current: 1, size: LATEST, title: '' });
  return (
    <QueryState query={query}>
      {(page) =>
        page.records.length === 0 ? (
          <NoRecords searched={false} />
        ) : (
          <Box sx={{ mx: { xs: -2, sm: -3 }, mt: { xs: -2, sm: -3 } }}>
            <RecordList records={page.records} />
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: { xs: 2, sm: 3 }, pt: 1.5, borderTop: 1, borderColor: 'divider' }}>
              <Typography variant="body2" color="text.secondary">
                共 {page.total} 场考试
              </Typography>
              <Button component={RouterLink} to={paths.paperRecords.path} endIcon={<ChevronRight />}>
                全部成绩
              </Button>
            </Stack>
          </Box>
        )
      }
    </QueryState>
  );
}
