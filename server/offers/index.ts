/** The offers area's door (decision 0054): the inventory's link checks its tokens as an offer's are. */
export { assertDistinctTokens, GivenToken } from "./service";
