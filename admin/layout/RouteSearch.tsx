import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { ROUTE_SEARCH } from '../../common/constants';
import { isExternal, searchDocuments, type NavPage, type Spelling } from './navigation';

type Search = (query: string) => NavPage[];

/** Chinese titles are also found as typed in pinyin, in full or by initials, as much as by their characters. */
const PINYIN_KEYS = [
  { name: 'pinyin', weight: 0.7 },
  { name: 'initials', weight: 0.7 },
];

/** A title as typed in pinyin: 用户管理 → yonghuguanli and yhgl (letters and digits kept as they are). */
function spellWith(pinyin: (typeof import('pinyin-pro'))['pinyin']) {
  const syllables = (title: string, pattern: 'pinyin' | 'first') =>
    pinyin(title, { pattern, toneType: 'none', type: 'array', nonZh: 'consecutive', v: true })
      .join('')
      .replace(/\s+/g, '')
      .toLowerCase();
  return (title: string): Spelling => ({ pinyin: syllables(title, 'pinyin'), initials: syllables(title, 'first') });
}

/**
 * Fuzzy search over the menu pages (spec section 9: threshold 0.4, title 0.7, path 0.3), and over
 * their titles' pinyin (`yhgl` or `yonghu` finds 用户管理). fuse.js and pinyin-pro (about 140 kB
 * gzip of dictionary) are loaded the first time the search opens, not with the first screen.
 */
export async function createRouteSearch(pages: NavPage[]): Promise<Search> {
  const [{ default: Fuse }, { pinyin }] = await Promise.all([import('fuse.js'), import('pinyin-pro')]);
  const fuse = new Fuse(searchDocuments(pages, spellWith(pinyin)), { ...ROUTE_SEARCH, keys: [...ROUTE_SEARCH.keys, ...PINYIN_KEYS] });
  return (query) => (query.trim() ? fuse.search(query.trim()).map((hit) => hit.item.page) : []);
}

/** Header search: the icon opens an input; choosing a result opens that page. */
export function RouteSearch({ pages }: { pages: NavPage[] }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<{ run: Search } | null>(null);
  useEffect(() => {
    if (!open) return;
    let alive = true;
    void createRouteSearch(pages).then((run) => alive && setSearch({ run }));
    return () => {
      alive = false;
    };
  }, [open, pages]);
  const options = useMemo(() => search?.run(query) ?? [], [search, query]);

  const choose = (page: NavPage | null) => {
    if (!page) return;
    if (isExternal(page.path)) window.open(page.path, '_blank', 'noopener');
    else navigate(page.path);
    setQuery('');
    setOpen(false);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      <Tooltip title={translate('layout.searchMenu')}>
        <IconButton color="inherit" aria-label={translate('layout.searchMenu')} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          <SearchIcon />
        </IconButton>
      </Tooltip>
      {open && (
        <Autocomplete<NavPage>
          openOnFocus
          autoHighlight
          options={options}
          filterOptions={(x) => x}
          getOptionLabel={(page) => page.trail.join(' > ')}
          isOptionEqualToValue={(a, b) => a.path === b.path}
          inputValue={query}
          onInputChange={(_, value, reason) => reason !== 'reset' && setQuery(value)}
          value={null}
          onChange={(_, page) => choose(page)}
          onBlur={() => !query && setOpen(false)}
          noOptionsText={translate('layout.searchNoResult')}
          sx={{ width: { xs: 170, sm: 220 } }}
          slotProps={{ paper: { sx: { minWidth: 240 } } }}
          renderOption={({ key, ...props }, page) => (
            <Box component="li" key={key} {...props} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start !important' }}>
              <Typography variant="body2">{page.trail.join(' > ')}</Typography>
              <Typography variant="caption" color="text.secondary">
                {page.path}
              </Typography>
            </Box>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              autoFocus
              margin="none"
              placeholder={translate('layout.searchPlaceholder')}
              slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': translate('layout.searchInput') } }}
            />
          )}
        />
      )}
    </Box>
  );
}
