import { describe, expect, it } from 'vitest';
import { adminRoutes } from '../testing/fixtures';
import { buildNav, flattenNav, type NavPage } from './navigation';
import { createRouteSearch } from './RouteSearch';

const more: NavPage[] = [
  { path: '/sys/config', trail: ['系统管理', '站点设置'] } as NavPage,
  { path: '/exam/mark', trail: ['考试管理', '阅卷中心'] } as NavPage,
  { path: '/repo/qu', trail: ['题库管理', '试题管理'] } as NavPage,
];
const pages = [...flattenNav(buildNav(adminRoutes)), ...more];
const first = async (query: string) => (await createRouteSearch(pages))(query)[0]?.trail.join(' > ');

describe('route search', () => {
  it('finds a page by the initials of its title in pinyin', async () => {
    expect(await first('yhgl')).toBe('系统管理 > 用户管理');
    expect(await first('bmgl')).toBe('系统管理 > 部门管理');
    expect(await first('JSGL')).toBe('系统管理 > 角色管理');
    expect(await first('yjzx')).toBe('考试管理 > 阅卷中心');
    expect(await first('zdsz')).toBe('系统管理 > 站点设置');
  });

  it('finds a page by its title in full pinyin, or the start of it', async () => {
    expect(await first('yonghuguanli')).toBe('系统管理 > 用户管理');
    expect(await first('yonghu')).toBe('系统管理 > 用户管理');
    expect(await first('shiti')).toBe('题库管理 > 试题管理');
    expect(await first('yuejuan')).toBe('考试管理 > 阅卷中心');
  });

  it('still finds pages by their characters and paths, and nothing for nonsense', async () => {
    expect(await first('用户')).toBe('系统管理 > 用户管理');
    expect(await first('sys/config')).toBe('系统管理 > 站点设置');
    expect((await createRouteSearch(pages))('qqqqxx')).toEqual([]);
  });
});
