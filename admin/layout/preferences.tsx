import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import Cookies from 'js-cookie';
import { MOBILE_BREAKPOINT, THEME_COLOR } from '../../common/constants';

/**
 * Layout preferences of spec section 3: sidebar state and size in cookies (`sidebarStatus`,
 * `size`), the settings drawer's choices in localStorage, the device from the page width.
 */
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type UiSize = (typeof SIZES)[number];
export const DEFAULT_SIZE: UiSize = 'medium';
export const SIZE_COOKIE = 'size';
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const SETTINGS_KEY = 'admin.layoutSettings';

export type Device = 'desktop' | 'mobile';

export interface LayoutSettings {
  themeColor: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

export const DEFAULT_SETTINGS: LayoutSettings = { themeColor: THEME_COLOR, tagsView: true, fixedHeader: false, sidebarLogo: true };

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export function readSize(): UiSize {
  const saved = Cookies.get(SIZE_COOKIE);
  return SIZES.includes(saved as UiSize) ? (saved as UiSize) : DEFAULT_SIZE;
}

export function readSidebarOpen(): boolean {
  return Cookies.get(SIDEBAR_COOKIE) !== '0';
}

export function readSettings(): LayoutSettings {
  try {
    const saved = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}') as Partial<LayoutSettings>;
    return {
      themeColor: typeof saved.themeColor === 'string' && HEX_COLOR.test(saved.themeColor) ? saved.themeColor : DEFAULT_SETTINGS.themeColor,
      tagsView: typeof saved.tagsView === 'boolean' ? saved.tagsView : DEFAULT_SETTINGS.tagsView,
      fixedHeader: typeof saved.fixedHeader === 'boolean' ? saved.fixedHeader : DEFAULT_SETTINGS.fixedHeader,
      sidebarLogo: typeof saved.sidebarLogo === 'boolean' ? saved.sidebarLogo : DEFAULT_SETTINGS.sidebarLogo,
    };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

const subscribeResize = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
const currentDevice = (): Device => (window.innerWidth < MOBILE_BREAKPOINT ? 'mobile' : 'desktop');

/** desktop or mobile, following the page width (spec section 4). */
export function useDevice(): Device {
  return useSyncExternalStore(subscribeResize, currentDevice, () => 'desktop');
}

export interface LayoutPreferences {
  settings: LayoutSettings;
  updateSettings: (patch: Partial<LayoutSettings>) => void;
  resetSettings: () => void;
  size: UiSize;
  setSize: (size: UiSize) => void;
  device: Device;
  /** Whether the sidebar is open on the current device. */
  sidebarOpen: boolean;
  toggleSidebar: () => void;
  closeSidebar: () => void;
  settingsOpen: boolean;
  setSettingsOpen: (open: boolean) => void;
}

const LayoutPreferencesContext = createContext<LayoutPreferences | null>(null);

export function LayoutPreferencesProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState(readSettings);
  const [size, setSizeState] = useState(readSize);
  const [desktopOpen, setDesktopOpen] = useState(readSidebarOpen);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const device = useDevice();

  // Entering mobile mode closes the sidebar; it reopens only with the toggle.
  useEffect(() => {
    if (device === 'mobile') setMobileOpen(false);
  }, [device]);

  const updateSettings = useCallback((patch: Partial<LayoutSettings>) => {
    setSettings((prev) => {
      const next = { ...prev, ...patch };
      localStorage.setItem(SETTINGS_KEY, JSON.stringify(next));
      return next;
    });
  }, []);

  const resetSettings = useCallback(() => {
    localStorage.removeItem(SETTINGS_KEY);
    setSettings({ ...DEFAULT_SETTINGS });
  }, []);

  const setSize = useCallback((next: UiSize) => {
    Cookies.set(SIZE_COOKIE, next, { path: '/', sameSite: 'Lax', expires: 365 });
    setSizeState(next);
  }, []);

  const setDesktop = useCallback((open: boolean) => {
    Cookies.set(SIDEBAR_COOKIE, open ? '1' : '0', { path: '/', sameSite: 'Lax', expires: 365 });
    setDesktopOpen(open);
  }, []);

  const value = useMemo<LayoutPreferences>(
    () => ({
      settings,
      updateSettings,
      resetSettings,
      size,
      setSize,
      device,
      sidebarOpen: device === 'mobile' ? mobileOpen : desktopOpen,
      toggleSidebar: () => (device === 'mobile' ? setMobileOpen((open) => !open) : setDesktop(!desktopOpen)),
      closeSidebar: () => (device === 'mobile' ? setMobileOpen(false) : setDesktop(false)),
      settingsOpen,
      setSettingsOpen,
    }),
    [settings, updateSettings, resetSettings, size, setSize, device, mobileOpen, desktopOpen, setDesktop, settingsOpen],
  );

  return <LayoutPreferencesContext.Provider value={value}>{children}</LayoutPreferencesContext.Provider>;
}

export function useLayoutPreferences(): LayoutPreferences {
  const value = useContext(LayoutPreferencesContext);
  if (!value) throw new Error('useLayoutPreferences must be used inside <LayoutPreferencesProvider>');
  return value;
}
