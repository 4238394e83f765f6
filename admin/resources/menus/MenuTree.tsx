import { Box, Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { menuApi, type MenuNode } from '../../../common/api';
import { MenuType } from '../../../common/codes';
import { useRefreshAdminSession } from '../../layout/useAdminSession';
import { useCodeLabel } from '../shared/labels';
import { ResourceTree } from '../shared/ResourceTree';
import { MenuFormDialog } from './MenuFormDialog';

const TYPE_COLOR = { [MenuType.MENU]: 'primary', [MenuType.FUNCTION]: 'warning', [MenuType.ROUTE]: 'info' } as const;

/** 菜单管理: every menu, function and route as a tree table. */
export function MenuTree() {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  const refreshSession = useRefreshAdminSession();
  const field = (name: string) => `resources.sys/menu.fields.${name}`;
  return (
    <ResourceTree
      resource="sys/menu"
      messages="examhall.menus"
      api={menuApi}
      nameLabel={field('title')}
      nameOf={(n: MenuNode) => n.title}
      columns={[
        {
          key: 'menuType',
          label: field('menuType'),
          render: (n: MenuNode) => (
            <Chip size="small" variant="outlined" color={MenuType.has(n.menuType) ? TYPE_COLOR[n.menuType] : 'default'} label={codeLabel(MenuType.items, n.menuType)} />
          ),
        },
        { key: 'path', label: field('path'), render: (n: MenuNode) => n.path, hideBelow: 'md' },
        { key: 'component', label: field('component'), render: (n: MenuNode) => n.component, hideBelow: 'md' },
        {
          key: 'permissionTag',
          label: field('permissionTag'),
          hideBelow: 'md',
          render: (n: MenuNode) => (
            <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 12 }}>
              {n.permissionTag}
            </Box>
          ),
        },
        { key: 'sort', label: field('sort'), align: 'right', render: (n: MenuNode) => n.sort, hideBelow: 'md' },
        {
          key: 'hidden',
          label: field('hidden'),
          hideBelow: 'md',
          render: (n: MenuNode) => (n.menuType === MenuType.FUNCTION ? '' : translate(n.hidden ? 'examhall.common.yes' : 'examhall.common.no')),
        },
      ]}
      // Functions take no children.
      takesChildren={(n: MenuNode) => n.menuType !== MenuType.FUNCTION}
      renderForm={(props) => <MenuFormDialog {...props} />}
      // The sidebar and route search follow the menus at once.
      onChanged={() => void refreshSession().catch(() => undefined)}
    />
  );
}
