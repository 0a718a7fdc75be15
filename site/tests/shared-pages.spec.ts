import { expect, test } from '@playwright/test';

// A pure check of the comparison (no page): Playwright runs it, as the rest of site/tests/.
import { comparable } from './shared-pages';

test.describe('pages both builds share (issue 36: accessibility in one mode for them)', () => {
  const page = (body: string, chunk: string) => `<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/_next/static/css/${chunk}.css"/><link rel="preload" as="script" href="/_next/static/chunks/${chunk}.js"/><script src="/_next/static/chunks/${chunk}.js" async=""></script></head><body>${body}<script>self.__next_f.push([1,"${chunk}"])</script></body></html>`;

  test('compares the markup and text, not the scripts, comments or the names of the build\'s assets', () => {
    expect(comparable(page('<main><h1>About</h1></main>', 'a1b2'))).toBe(comparable(page('<main><h1>About</h1></main>', 'c3d4')));
    expect(comparable(`<!--ref_a1-->${page('<p>x<!-- -->y</p>', 'a')}`)).toBe(comparable(`<!--ref_b2-->${page('<p>x<!-- -->y</p>', 'b')}`));
  });

  test('tells apart a page that renders anything differently by mode', () => {
    expect(comparable(page('<dd>Static export</dd>', 'a1b2'))).not.toBe(comparable(page('<dd>Node.js server</dd>', 'a1b2')));
    expect(comparable(page('<a href="/demos/action">Server function</a>', 'x'))).not.toBe(comparable(page('<a href="/demos/action">Server function <span>server only</span></a>', 'x')));
  });
});
