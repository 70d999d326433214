/**
 * The check that the code speaks for itself: no comment, test title or schema description in the
 * repository cites a document that lives outside it (the product specification, research notes, a
 * machine's notes) or an issue number. Such a citation tells the next engineer nothing they can open;
 * the reason is written out in our words instead, citing `docs/PRODUCT.md#<section>` where the product
 * rule lives (docs/PRODUCT.md, "Citing it"); and every such citation must name a section that exists.
 *
 * It reads every source and documentation file under the scanned folders as text — a citation in a
 * string (a test's title, a route's summary) misleads as much as one in a comment — and answers each
 * offending line with the rule it breaks. `node scripts/citations/check.ts` prints them and exits 1;
 * `npm run lint` runs it, and `check.test.ts` proves every rule on `fixtures/`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One kind of citation we refuse: a name for the report and the pattern that finds it on a line. */
export interface CitationRule {
  readonly name: string;
  readonly pattern: RegExp;
}

/**
 * The citations refused: the specification by its file's name as a whole word (an identifier that
 * merely starts with those letters passes) or by its short lower-case name after "the", an issue by
 * number, and the names of the notes kept beside the repository.
 */
export const CITATION_RULES: readonly CitationRule[] = [
  {
    name: 'the outside product specification',
    pattern: /\bSPEC\b|\bSPEC\.md\b|\b[Tt]he spec\b(?!\s+files?\b)|\b[Ss]pec['’]s\b/,
  },
  { name: 'an issue number', pattern: /\bissues? #?\d+\b/i },
  {
    name: 'research notes outside the repository',
    pattern: /\b(?:product|aesthetics)-anchors\b|\bpayments-interop\.md\b|\bresearch\/[\w-]+\.md\b/,
  },
  { name: "a machine's notes outside the repository", pattern: /\bSTACK\.md\b|\/work\/shared\b/ },
];

/** A line that cites something outside the repository. */
export interface Citation {
  readonly file: string;
  readonly line: number;
  readonly rule: string;
  readonly text: string;
}

/** The citations on the lines of `text`, reported against `file`. */
export function citationsIn(text: string, file: string): Citation[] {
  const found: Citation[] = [];
  text.split('\n').forEach((line, index) => {
    for (const rule of CITATION_RULES) {
      if (rule.pattern.test(line)) found.push({ file, line: index + 1, rule: rule.name, text: line.trim() });
    }
  });
  return found;
}

/** The folders scanned, relative to the repository root, and the root's own documents. */
export const SCANNED_FOLDERS = ['apps', 'packages', 'scripts', 'e2e', 'docs'] as const;
const ROOT_FILES = ['README.md'];

/** Files read: source, styles, pages, shell scripts, SQL and documentation. */
const SCANNED_FILE = /\.(?:[cm]?[jt]sx?|css|html|sh|sql|md)$/;

/** Folders never read: installed and built output, caches, and this check's own violating fixtures. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'coverage', 'seed-media', '.tmp', 'screenshots']);
const FIXTURES = join('scripts', 'citations', 'fixtures');

/** Every file the check reads under `root`, as paths relative to it, sorted. */
export function scannedFiles(root: string): string[] {
  const files: string[] = ROOT_FILES.filter((name) => readdirSync(root).includes(name));
  const walk = (folder: string): void => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && !SKIPPED_FOLDERS.has(entry.name) && path !== FIXTURES) walk(path);
      } else if (entry.isFile() && SCANNED_FILE.test(entry.name)) {
        files.push(path);
      }
    }
  };
  for (const folder of SCANNED_FOLDERS) walk(folder);
  return files.sort();
}

/** The anchors `docs/PRODUCT.md` declares (`<a id="…">`), which comments cite as `PRODUCT.md#<anchor>`. */
export function productAnchors(productText: string): Set<string> {
  return new Set(Array.from(productText.matchAll(/<a id="([a-z0-9-]+)"><\/a>/g), (match) => match[1] ?? ''));
}

/** A citation of the product document and the anchors after it: `PRODUCT.md#shop, #refunds`. */
const PRODUCT_CITATION = /PRODUCT\.md#([a-z][a-z0-9-]*)((?:, #[a-z][a-z0-9-]*)*)/g;

/**
 * The lines of `text` citing a section of docs/PRODUCT.md that does not exist: an anchor renamed or
 * mistyped would leave the reader of a comment nowhere.
 */
export function missingProductSections(text: string, file: string, anchors: Set<string>): Citation[] {
  const found: Citation[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(PRODUCT_CITATION)) {
      const cited = [match[1] ?? '', ...(match[2] ?? '').split(', #').filter(Boolean)];
      for (const anchor of cited.filter((name) => !anchors.has(name))) {
        found.push({
          file,
          line: index + 1,
          rule: `a missing section of docs/PRODUCT.md (#${anchor})`,
          text: line.trim(),
        });
      }
    }
  });
  return found;
}

/** Every citation in the repository at `root`: outside documents, and product sections that do not exist. */
export function citationsInRepository(root: string): Citation[] {
  const anchors = productAnchors(readFileSync(join(root, 'docs', 'PRODUCT.md'), 'utf8'));
  return scannedFiles(root).flatMap((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    return [...citationsIn(text, file), ...missingProductSections(text, file, anchors)];
  });
}

/** The report line of a citation: where, which rule, and the line itself. */
export function describe(citation: Citation): string {
  return `${citation.file}:${citation.line}: cites ${citation.rule}: ${citation.text}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const found = citationsInRepository(root);
  for (const citation of found) console.error(describe(citation));
  if (found.length > 0) {
    console.error(
      `\n${found.length} citation(s) to fix: say the reason in our words and cite an existing ` +
        'docs/PRODUCT.md#<section> instead of a document outside the repository or an issue number.',
    );
    process.exit(1);
  }
  console.log(
    `No outside citations or missing product sections in the ${scannedFiles(root).length} files read.`,
  );
}
