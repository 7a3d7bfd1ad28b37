// The auth flows drawn from their transition table (flow-events.ts), one Mermaid state diagram per
// flow, for docs/flows/web-flows.md (flow-diagram.test.ts checks the document shows these).
//
// One edge per row of TRANSITIONS that concerns the flow, labelled with the event:
// - a row that starts the flow (its `flow` is this one, or "kept or" this one) comes from `[*]`, or
//   from the flow it is taken in when the row names only other flows;
// - a row the flow takes comes from "any step" (the table does not say which step it leaves);
// - it goes to the row's step, to `[*]` when it ends the flow, to "any step" when the step stays
//   ('same'), or to the flow it switches to. A row whose step this flow cannot be at is left out
//   (stubCompleted names the device flow's step: its `apply` picks another one elsewhere).
import type { FlowEventType, Transition } from './flow-events.ts';
import { TRANSITIONS } from './flow-events.ts';
import type { AuthFlow, FlowStep } from './flow-state.ts';
import { flowAllows } from './flow-state.ts';

const ANY = 'any_step';
const flowState = (flow: AuthFlow) => `${flow.replaceAll('-', '_')}_flow`;

export function flowDiagram(flow: AuthFlow): string {
  const edges: string[] = [];
  const otherFlows = new Set<AuthFlow>();
  const goTo = (row: Transition<FlowEventType>): string => {
    if (row.to === 'end') return '[*]';
    if (row.to === 'same') return ANY;
    return row.to;
  };
  const rows = Object.entries(TRANSITIONS) as [FlowEventType, Transition<FlowEventType>][];
  for (const [event, row] of rows) {
    const takes = row.from === 'any' || row.from.includes(flow);
    const leadsTo = row.flow === undefined || row.flow.startsWith('kept or') ? null : (row.flow as AuthFlow);
    const starts = row.flow === flow || row.flow === `kept or ${flow}`;
    if (leadsTo === null && !['end', 'same'].includes(row.to) && !flowAllows(flow, row.to as FlowStep)) continue;
    if (starts) {
      const sources =
        row.from === 'any' ? [] : row.from.filter((source): source is AuthFlow => source !== 'none' && source !== flow);
      const only = row.from !== 'any' && !row.from.includes('none') && sources.length > 0;
      for (const source of only ? sources : ['[*]' as const]) {
        if (source !== '[*]') otherFlows.add(source);
        edges.push(`${source === '[*]' ? source : flowState(source)} --> ${goTo(row)} : ${event}`);
      }
    } else if (takes && leadsTo !== null) {
      otherFlows.add(leadsTo);
      edges.push(`${ANY} --> ${flowState(leadsTo)} : ${event}`);
    } else if (takes) {
      edges.push(`${ANY} --> ${goTo(row)} : ${event}`);
    }
  }
  const states = [
    `state "any step of ${flow}" as ${ANY}`,
    ...[...otherFlows].map((other) => `state "flow: ${other}" as ${flowState(other)}`),
  ];
  return ['stateDiagram-v2', ...[...states, ...edges].map((line) => `  ${line}`)].join('\n');
}
