export * from './codec/index.ts';
export * from './errors/index.ts';
export * from './data/index.ts';
export * from './calls/index.ts';
