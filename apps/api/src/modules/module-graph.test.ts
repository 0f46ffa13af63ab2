import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Modules depend on each other one way (modules/README.md): the graph of which module's
 * code imports which other module has no cycle. Read from the import lines of the
 * non-test files.
 */
const MODULES_DIR = import.meta.dirname;

function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const modules = readdirSync(MODULES_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  for (const module of modules) {
    const uses = new Set<string>();
    const dir = path.join(MODULES_DIR, module);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = readFileSync(path.join(dir, file), 'utf8');
      for (const match of source.matchAll(/from '\.\.\/([a-z-]+)\//g)) {
        const other = match[1];
        if (other && other !== module && modules.includes(other)) uses.add(other);
      }
    }
    graph.set(module, uses);
  }
  return graph;
}

/** A cycle as a path of module names, or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'visiting') return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, 'visiting');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('module dependencies', () => {
  it('form no cycle', () => {
    const graph = moduleGraph();
    // The reader works: known edges are seen.
    expect(graph.get('auth')?.has('users')).toBe(true);
    expect(graph.get('account')?.has('auth')).toBe(true);
    expect(findCycle(graph)).toBeNull();
  });

  it('is the graph modules/README.md draws, edge for edge', () => {
    const readme = readFileSync(path.join(MODULES_DIR, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('Dependencies between modules'), readme.indexOf('- Reads for the back office'));
    const documented = new Map<string, Set<string>>();
    // "`a` → `b`, `c` (why)": the notes in parentheses are not edges.
    for (const [, from, to] of section.replace(/\([^)]*\)/g, '').matchAll(/`([a-z-]+)` → ([^;\n]+)/g)) {
      documented.set(from!, new Set([...to!.matchAll(/`([a-z-]+)`/g)].map((name) => name[1]!)));
    }
    const edges = (graph: Map<string, Set<string>>) =>
      [...graph].flatMap(([from, uses]) => [...uses].map((to) => `${from} → ${to}`)).sort();
    expect(edges(documented)).toEqual(edges(moduleGraph()));
  });

  it('would report a cycle', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
  });
});
