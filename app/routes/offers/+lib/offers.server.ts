import { data } from "react-router";
import { ApiFailure, type Api } from "~/lib/api.server";

/**
 * The offer as the token's recipient sees it. A token or id the API cannot even read (400: too
 * long, say) is as unknown as a wrong one: the not-found page, revealing nothing, never an error.
 */
export async function readOffer(api: Api, keyfreeOfferId: string, token: string) {
  try {
    return await api.GET("/keyfree-offers/{keyfreeOfferId}", { params: { path: { keyfreeOfferId }, query: { token } } });
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 400) throw data({ message: error.message }, { status: 404 });
    throw error;
  }
}
