import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { ADMIN_HOME } from '../../common/routing';
import { webMenu } from '../config/paths';

/** The header's five menu buttons as a menu, on phones (under 600 px there is no room for them). */
export function NavMenu({
  anchor,
  active,
  isAdmin,
  onClose,
}: {
  anchor: HTMLElement | null;
  active: string | undefined;
  isAdmin: boolean;
  onClose: () => void;
}) {
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose} slotProps={{ paper: { sx: { minWidth: 180 } } }}>
      {webMenu.map((item) => (
        <MenuItem key={item.path} component={RouterLink} to={item.path} selected={item.path === active} onClick={onClose}>
          {item.label}
        </MenuItem>
      ))}
      {isAdmin && (
        <MenuItem component="a" href={ADMIN_HOME}>
          <ListItemIcon>
            <AdminPanelSettingsOutlined fontSize="small" />
          </ListItemIcon>
          管理中心
        </MenuItem>
      )}
    </Menu>
  );
}
