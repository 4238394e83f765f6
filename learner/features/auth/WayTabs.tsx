import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';

/** The sign-in page's ways in (账号登录, 短信登录 …), as tabs. */
export function WayTabs({ tabs, value, onChange }: { tabs: Array<[string, string]>; value: string; onChange: (way: string) => void }) {
  return (
    <Tabs value={value} onChange={(_, v: string) => onChange(v)} variant="fullWidth" sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
      {tabs.map(([way, label]) => (
        <Tab key={way} value={way} label={label} />
      ))}
    </Tabs>
  );
}
