// The services of the screens that take part in a flow: the app's services and the flow store, in
// one context (lib/ is below flows/ and does not know the flow's type).
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { AppServices } from '../lib/services.tsx';
import type { FlowStore } from './flow-store.ts';
import type { FlowState } from './flow-state.ts';

export interface FlowServices extends AppServices {
  flow: FlowStore;
}

const FlowServicesContext = createContext<FlowServices | null>(null);

export function FlowServicesProvider({ services, children }: { services: FlowServices; children: ReactNode }) {
  return <FlowServicesContext.Provider value={services}>{children}</FlowServicesContext.Provider>;
}

export function useFlowServices(): FlowServices {
  const services = useContext(FlowServicesContext);
  if (!services) throw new Error('useFlowServices outside FlowServicesProvider');
  return services;
}

/** The flow state, rendered again when it changes. */
export function useFlow(): FlowState {
  const { flow } = useFlowServices();
  return useSyncExternalStore(flow.subscribe, flow.get);
}
