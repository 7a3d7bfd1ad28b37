// docs/flows/web-flows.md draws each auth flow from the transition table: this test fails when a
// drawing is not the one of TRANSITIONS. To redraw them all:
//   WRITE_FLOW_DIAGRAMS=1 npx vitest run apps/web/src/flows/flow-diagram.test.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { flowDiagram } from './flow-diagram.ts';
import type { FlowEventType } from './flow-events.ts';
import { TRANSITIONS } from './flow-events.ts';
import type { AuthFlow } from './flow-state.ts';
import { STEPS_OF } from './flow-state.ts';

const DOC = new URL('../../../../docs/flows/web-flows.md', import.meta.url);
const FLOWS = Object.keys(STEPS_OF) as AuthFlow[];
const REGENERATE = 'WRITE_FLOW_DIAGRAMS=1 npx vitest run apps/web/src/flows/flow-diagram.test.ts';
const FENCE = '```';

/** Where the mermaid block of a flow's section is (the lines between its fences), if it has one. */
function blockOf(lines: string[], flow: AuthFlow): { from: number; to: number } | null {
  const heading = lines.indexOf(`## ${flow}`);
  if (heading < 0) return null;
  const next = lines.findIndex((line, index) => index > heading && line.startsWith('## '));
  const end = next < 0 ? lines.length : next;
  const open = lines.findIndex((line, index) => index > heading && index < end && line === `${FENCE}mermaid`);
  if (open < 0) return null;
  const close = lines.findIndex((line, index) => index > open && line === FENCE);
  return close < 0 ? null : { from: open + 1, to: close };
}

if (process.env.WRITE_FLOW_DIAGRAMS) {
  const lines = readFileSync(DOC, 'utf8').split('\n');
  for (const flow of FLOWS) {
    const block = blockOf(lines, flow);
    if (block) lines.splice(block.from, block.to - block.from, flowDiagram(flow));
    else throw new Error(`docs/flows/web-flows.md has no "## ${flow}" section with a mermaid block: add one`);
  }
  writeFileSync(DOC, lines.join('\n'));
}

describe('docs/flows/web-flows.md', () => {
  const lines = readFileSync(DOC, 'utf8').split('\n');

  it.each(FLOWS)('draws the %s flow as TRANSITIONS has it', (flow) => {
    const block = blockOf(lines, flow);
    expect(block, `docs/flows/web-flows.md has no "## ${flow}" section with a ${FENCE}mermaid block`).not.toBeNull();
    const drawn = lines.slice(block!.from, block!.to).join('\n');
    expect(
      drawn,
      `The ${flow} diagram of docs/flows/web-flows.md is not the one of TRANSITIONS (flow-events.ts): regenerate it with ${REGENERATE}`,
    ).toBe(flowDiagram(flow));
  });

  it('has a section for each flow, and only those', () => {
    const headings = lines.filter((line) => line.startsWith('## ')).map((line) => line.slice(3));
    expect(headings).toEqual(FLOWS);
  });
});

describe('flowDiagram', () => {
  it('draws every row of TRANSITIONS in at least one flow', () => {
    const drawn = FLOWS.map(flowDiagram).join('\n');
    const missing = (Object.keys(TRANSITIONS) as FlowEventType[]).filter(
      (event) => !drawn.includes(` : ${event}\n`) && !drawn.endsWith(` : ${event}`),
    );
    expect(missing).toEqual([]);
  });

  it('draws a hand-over between flows on both sides, and the end of the flow', () => {
    expect(flowDiagram('device')).toContain('any_step --> connection_flow : deviceHandedOver');
    expect(flowDiagram('connection')).toContain('device_flow --> connection_flow_init : deviceHandedOver');
    expect(flowDiagram('connection')).toContain('any_step --> device_flow : deviceResumed');
    expect(flowDiagram('device')).toContain('connection_flow --> device_flow_init : deviceResumed');
    expect(flowDiagram('oauth')).toContain('any_step --> [*] : ended');
    expect(flowDiagram('registration')).toContain('[*] --> registration_init : signUpStarted');
    // Only the device flow has its steps.
    expect(flowDiagram('registration')).not.toContain('deviceAuthorized');
  });
});
