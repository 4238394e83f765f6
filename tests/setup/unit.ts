import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Whole screens render per test; on a busy two-core machine (CI, parallel builds) the first paint
// can take over a second, the library's default wait. Waits still end as soon as the screen is there.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  localStorage.clear();
  sessionStorage.clear();
});
