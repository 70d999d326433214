#!/usr/bin/env node
// The engine ships as TypeScript; Node ≥ 22.18 runs it directly by stripping types.
await import('../src/cli/main.ts');
