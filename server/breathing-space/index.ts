/**
 * The Breathing Space area's door (decision 0054): the sweeper's run. What every area checks (is a
 * tenant in a Breathing Space) is a shared read, server/lib/breathing-space-reads.ts, so the areas
 * whose deadlines this one moves (claims, payment plans) never import it.
 */
export { sweepBreathingSpaces, type BreathingSpaceSweep } from "./service";
