import { afterEach, describe, expect, it } from 'vitest';
import { inlineEntryCss } from './inline-entry-css.ts';
import { buildFixture, type FixtureBuild } from './testing/build-fixture.ts';

let built: FixtureBuild | undefined;
afterEach(() => built?.dispose());

describe('inlineEntryCss', () => {
  it('puts the entry’s stylesheet inside index.html and leaves a disabled link for Vite’s loader', async () => {
    built = await buildFixture([inlineEntryCss()]);
    expect(built.html).toMatch(/<style>body\{color:(red|#f00)\}\s*<\/style>/);
    expect(built.html).toMatch(
      /<link rel="stylesheet" crossorigin href="\/assets\/index-[^"]+\.css" disabled>/,
    );
    expect(built.html).not.toMatch(/<link rel="stylesheet" crossorigin href="[^"]+"\s*>/);
  });

  it('keeps a large stylesheet a cached file', async () => {
    const rules = Array.from({ length: 800 }, (_, i) => `.rule-${i} { margin: ${i}px; }`).join('\n');
    built = await buildFixture([inlineEntryCss()], { 'src/main.css': rules });
    expect(built.html).not.toContain('<style>');
    expect(built.html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/index-[^"]+\.css">/);
  });
});
