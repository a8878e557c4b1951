/**
 * The complaints area's door (decision 0054): what the back office's ops commands and the
 * sweeper call (issue 40, decision 0066).
 */
export { listComplaints, respondToComplaint, sendEightWeekEmails } from "./service";
