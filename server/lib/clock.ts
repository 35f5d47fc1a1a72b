/** The current instant. Injected (app.ts) so tests can move time. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
