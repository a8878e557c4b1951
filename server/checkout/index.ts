/** The checkout area's door (decision 0054): references complete a checkout's open actions. */
export { completeOpenActions } from "./service";
