/** The data exports area's door (decision 0054): what the clock's sweeper runs, and what tests await. */
export { sweepDataExports, dataExportsSettled } from "./service";
