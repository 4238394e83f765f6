import { Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { departApi, type DepartNode } from '../../../common/api';
import { ResourceTree } from '../shared/ResourceTree';
import { DepartFormDialog } from './DepartFormDialog';

/** 部门管理: the department tree; the server refuses to delete one while users or sub-departments remain. */
export function DepartTree() {
  const translate = useTranslate();
  return (
    <ResourceTree
      resource="sys/depart"
      messages="examhall.departs"
      api={departApi}
      nameLabel="resources.sys/depart.fields.deptName"
      nameOf={(n: DepartNode) => n.deptName}
      nameExtra={(n: DepartNode) => (n.deptCode ? <Chip size="small" variant="outlined" label={n.deptCode} /> : null)}
      columns={[
        {
          key: 'userCount',
          label: 'resources.sys/depart.fields.userCount',
          align: 'right',
          render: (n: DepartNode) => (
            <Typography variant="body2" color="text.secondary" component="span">
              {translate('examhall.departs.userCount', { smart_count: n.userCount })}
            </Typography>
          ),
        },
      ]}
      renderForm={(props) => <DepartFormDialog {...props} />}
    />
  );
}
