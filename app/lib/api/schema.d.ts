// Generated from openapi/openapi.json by scripts/contract.ts: do not edit.
export interface paths {
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with email and password */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke the access token in use and record a logout event */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/identity-login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with an ID token from the identity provider
         * @description The API verifies the ID token itself against the configured issuer's published keys (issuer, audience, expiry, age, a verified e-mail, single use), then signs in the tenant with that e-mail address.
         */
        post: operations["identityLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Whether a reset or set-password link can still be used, and why not (changes nothing) */
        post: operations["checkPasswordLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/reset-password-request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail a link to reset the password (the same answer whether or not the account exists; throttled per email and per client address) */
        post: operations["resetPasswordRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Choose a new password with the token from a reset e-mail; signs out every session */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/set-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set the first password with the token from an invitation e-mail, and sign in */
        post: operations["setPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user with their attributes and addresses */
        get: operations["me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user's customer record */
        get: operations["getCustomer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change the signed-in user's About You details (any of them) */
        patch: operations["updateUser"];
        trace?: never;
    };
    "/me/onboarding-introduction": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record that the tenant has read the onboarding introduction ('I understand'); repeating it changes nothing */
        post: operations["completeOnboardingIntroduction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/notice-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How the signed-in tenant is sent notices (issue 28): always by e-mail, and by text message unless turned off */
        get: operations["getNoticeSettings"];
        /** Turn text message notices on or off (issue 28, scope 4); e-mail notices cannot be turned off */
        put: operations["updateNoticeSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/addresses/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The addresses at a UK postcode (an empty list when none are found) */
        get: operations["searchAddressesByPostcode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{userId}/addresses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add an address to the signed-in user's address history (a current address replaces the current one) */
        post: operations["addAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/addresses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an address from the signed-in user's address history */
        delete: operations["removeAddress"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/addresses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace the signed-in user's address history with the given list (at most one current address) */
        put: operations["updateAddressHistory"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/closure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the signed-in tenant has asked us to close their account, and what keeps it open (issue 40) */
        get: operations["getAccountClosure"];
        put?: never;
        /** Ask us to close the account: confirmed by e-mail, naming what is still open; closed by the retention job once no claim or payment plan is open (sign-in refused after). 409 if already asked */
        post: operations["requestAccountClosure"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenancy-orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in tenant's orders for a product, newest first */
        get: operations["getTenancyOrdersByProductId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenancy-orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the signed-in tenant's own Keyfree orders */
        get: operations["getTenancyOrderById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{orderId}/amount-remaining": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the signed-in tenant still has to pay on one of their orders; with remainingBalance=true, the whole order's remaining balance across all its tenants */
        get: operations["getAmountRemaining"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Everything the signed-in tenant's dashboard shows or redirects on, in one call */
        get: operations["getDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenancy-orders/{id}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every payment the signed-in tenant made on one of their Keyfrees (its fee, annual fees, the charges, a proposal, the dispute fee, an adjudicated amount, payment plan instalments), newest first */
        get: operations["getTenancyOrderPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/{paymentId}/receipt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One payment the signed-in tenant made, as its receipt: what for, how much, when, the Keyfree and who paid */
        get: operations["getPaymentReceipt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{orderId}/customers/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in tenant's own order customer on an order: actions, next action, steps, order and terms */
        get: operations["getOrderCustomerById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{orderId}/customers/{customerId}/about-you": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** About You: save the tenant's details and complete the step */
        post: operations["aboutYou"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{orderId}/customers/{customerId}/address-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Address history: complete the step (the tenant must have a current address) */
        post: operations["addressHistory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{orderId}/customers/{customerId}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm: the tenant ticks the acknowledgements */
        post: operations["confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{orderId}/customers/{customerId}/sign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Agree to Terms: creates the e-signed terms with the tenant's name and records the IP address */
        post: operations["sign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{orderId}/customers/{customerId}/sign-addendum": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign the addendum: creates the e-signed addendum with the tenant's name and records the IP address */
        post: operations["signAddendumForTenant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{orderId}/co-tenants/{customerId}/reminders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** 'Remind {first name}' (issue 38): e-mail a co-tenant on the order what is waiting for them, once in 24 hours per pair */
        post: operations["remindOrderCoTenant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{orderId}/customers/{customerId}/tenancy-user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in tenant on the order's tenancy, with their guarantor */
        get: operations["getTenancyUserById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{orderId}/customers/{customerId}/reference": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start referencing (eligibility) for the tenant's order customer; answers the existing reference when there is one */
        post: operations["reference"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/references/{referenceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's own reference with its documents and checks */
        get: operations["findReferenceById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/references/{referenceId}/checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The checks of the tenant's own reference */
        get: operations["getChecks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/references/{referenceId}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload one proof of identity or address while the reference needs information */
        post: operations["addReferenceDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/references/{referenceId}/documents/{referenceDocumentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an uploaded proof while the reference needs information */
        delete: operations["deleteReferenceDocument"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/references/{referenceId}/ready-for-review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** 'Send for Review': moves an INFO_REQUIRED reference with both proofs to IN_REVIEW */
        post: operations["readyForReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a document (claim evidence) to link to a claim item or claim response later */
        post: operations["createDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents/{documentId}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bytes of a document the tenant may see, as an attachment */
        get: operations["getDocumentContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{claimId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A claim the tenant is a respondent of, with what they may see and the facts the claim screen needs */
        get: operations["findClaimById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{claimId}/response-documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenants' claim response documents (evidence for a dispute) */
        get: operations["findManyClaimResponseDocuments"];
        put?: never;
        /** Upload a claim response document (type CLAIM_RESPONSE) */
        post: operations["addClaimResponseDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{claimId}/response-documents/{documentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a claim response document the tenant uploaded */
        delete: operations["deleteClaimResponseDocument"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{claimId}/items/{claimItemId}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload the tenant's evidence for a claim item (type CLAIM_ITEM), optionally for their own item proposal */
        post: operations["addClaimItemDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{claimId}/items/{claimItemId}/documents/{documentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete evidence the tenant uploaded for an item (not once its proposal is submitted) */
        delete: operations["deleteClaimItemDocument"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{claimId}/counter-proposals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Give a counter amount for an item in the tenant's draft proposal (starts the draft if needed; Agree uses the agent's amount) */
        post: operations["createCounterProposal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{claimId}/counter-proposals/{claimItemProposalId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change an item's counter amount in the tenant's draft proposal */
        put: operations["updateCounterProposal"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{claimId}/proposals/{claimProposalId}/item-proposals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add an item proposal to the tenant's draft proposal */
        post: operations["createClaimItemProposal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{claimId}/proposals/{claimProposalId}/item-proposals/{claimItemProposalId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change an item proposal in the tenant's draft proposal */
        put: operations["updateClaimItemProposal"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{claimId}/proposals/{claimProposalId}/agree": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept the landlord's charges (round 1) or final proposal (round 3); the tenants then pay */
        post: operations["agreeClaimProposal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{claimId}/proposals/{claimProposalId}/counter": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Disagree with mediation: start the tenant's counter-proposal (a round 2 draft) to a non-final proposal */
        post: operations["counterClaimProposal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{claimId}/proposals/{claimProposalId}/dispute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Raise a formal dispute of a final proposal (or any proposal without mediation); the £60 fee is then due */
        post: operations["disputeClaimProposal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{claimId}/proposals/{claimProposalId}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submit the tenant's draft: at once for £0, otherwise after the upfront payment */
        post: operations["publishClaimProposal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{claimId}/proposals/{claimProposalId}/unpublish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Back from the proposal payment step: the proposal is a draft again */
        post: operations["unpublishClaimProposal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{claimId}/dispute-message": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** The tenant's reason for the formal dispute (before the dispute fee is paid) */
        put: operations["updateTenantDisputeMessage"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{claimId}/activities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record something the claim screen reports (e.g. an item countered, with counterProposalAmount) */
        post: operations["createClaimActivity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{claimId}/respondents/{claimRespondentId}/responses/{claimResponseId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Reject with no evidence: the tenant's message, and the claim goes to the adjudicator once the £60 fee is paid */
        put: operations["updateClaimResponse"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{claimId}/more-time": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** More time to answer: whether a tenant may ask now, and the claim's latest request (its reason is never sent back) */
        get: operations["getMoreTime"];
        put?: never;
        /** Ask for 1 to 14 more days to answer the charges or final proposal waiting for the tenants, with a reason; one request per deadline, one waiting at a time (409) */
        post: operations["askForMoreTime"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{claimId}/co-tenants/{claimRespondentId}/reminders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** 'Remind {first name}': e-mail a co-tenant on the claim what is waiting for them, once in 24 hours per pair */
        post: operations["remindClaimCoTenant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{claimId}/record": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The claim's whole history, for a claim the tenant is or was a respondent of (settled ones included) */
        get: operations["getClaimRecord"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{claimId}/record-shares": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's links to the claim's record, newest first */
        get: operations["getRecordShares"];
        put?: never;
        /** Makes a read-only link to the record for a person the tenant names, working for 30 days; the token is answered once */
        post: operations["createRecordShare"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{claimId}/record-shares/{recordShareId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Stops one of the tenant's links working (again: nothing changes) */
        delete: operations["revokeRecordShare"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shared-records": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A shared record, opened with its link's token (no sign-in); every view is logged. An unknown, expired or stopped link is a 404 */
        post: operations["openSharedRecord"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/arbitrations/{arbitrationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The adjudication of a claim the tenant is a respondent of */
        get: operations["getArbitrationById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payment-plans/{paymentPlanId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's payment plan with its instalments, steps, next step and the screen to show */
        get: operations["getPaymentPlanById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payment-plans/{paymentPlanId}/property-address": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The address of the property the plan's tenancy is for */
        get: operations["getPaymentPlanPropertyAddressById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payment-plans/{paymentPlanId}/next-action": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The plan's current next action (null when none) and the screen to show */
        get: operations["getPaymentPlanAction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payment-plans/{paymentPlanId}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm the proposed payment plan (step 1, Payment Proposal Outline) */
        post: operations["confirmPaymentPlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payment-plans/{paymentPlanId}/address": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Give the postal address for the plan's confirmations (step 2, Address Confirmation) */
        put: operations["updateAddress"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payment-plans/{paymentPlanId}/setup-intent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The setup intent the card form confirms to save the plan's card (step 3, Payment Details) */
        post: operations["getSetupIntentSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payment-plans/{paymentPlanId}/card-details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Give the card the instalments are charged to (step 3, 'Confirm my payment plan'): the plan goes live */
        put: operations["updateCardDetails"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payment-plans/{paymentPlanId}/instalments/{instalmentId}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The payment intent for paying one instalment by card (manual-payment); the same one again until it is paid */
        post: operations["getInstalmentPaymentIntentSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payment-plans/{paymentPlanId}/instalments/{instalmentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One instalment of the plan, with its status (polled until PAID) */
        get: operations["getInstalmentById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenancy-anniversaries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The anniversaries of the signed-in tenant's tenancies, with whether each year's annual fee is paid */
        get: operations["getUserTenancyAnniversaries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/debts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in tenant's own open debts a plan can be asked for (a claim's balance, an adjudicator's award, a missed instalment), each their own part in pence, with their latest request for a plan */
        get: operations["listDebts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/debts/budget": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Work out a budget against one of the tenant's debts: each line as a monthly figure, what is left each month, and the plans of at most 12 monthly instalments (no interest, no fees) that fit it. Nothing is stored. */
        post: operations["workOutBudget"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payment-plan-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask for a plan for one of the tenant's debts, worked out from their budget: recorded as PENDING, with a receipt e-mailed to the tenant and support told. One pending request per debt (409). Until it is answered, no reminder asks for that money and nothing about it escalates. */
        post: operations["createPaymentPlanRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keyfree-offers/{keyfreeOfferId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The offer as its recipient sees it, through the token from the offer e-mail (no login) */
        get: operations["getKeyfreeOffer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keyfree-offers/{keyfreeOfferId}/choice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Choose Keyfree or a cash deposit: final for the tenancy, and cannot be changed by co-tenants */
        post: operations["respondToOffer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keyfree-offers/{keyfreeOfferId}/rejection-reason": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Say why Keyfree was not chosen (after this recipient chose a cash deposit) */
        post: operations["addRejectionReason"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenancy-inventory-responses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm or deny receiving the tenancy inventory (no login: the token from the e-mail link) */
        post: operations["respondToTenancyInventory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tenant-vacated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A tenant has moved out (no login: the token from the e-mailed link); recorded once, the agent or landlord told */
        post: operations["tenantVacated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{orderId}/customers/{customerId}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The payment intent for one of the tenant's payments (part 1 §7 'get payment intent', 'get claim payment intent') */
        post: operations["pay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{orderId}/duplicate-payment-method-check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Whether the card is shared with another tenant (the Keyfree payment only) */
        post: operations["duplicatePaymentMethodCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{orderId}/customers/{customerId}/card-checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The card checks (name, security code, funding, postcode): any 'fail' stops the payment */
        post: operations["paymentCardChecks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customer/payment-methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Save a new card for the signed-in customer (Update your details) */
        post: operations["addPaymentMethod"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments/follow-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record the browser's word that a payment succeeded (part 1 §7: the follow-up action) */
        post: operations["paymentFollowUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support-messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a message to support from the contact page, signed in or not: stored, e-mailed to support with a receipt to the sender; at most 5 an hour per sender e-mail and 20 per client address */
        post: operations["sendSupportMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/complaints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Raise a complaint, signed in or not: stored with a reference and acknowledged by e-mail at once (with a link that reads it without signing in); acknowledged within 5 working days, a final response within 8 weeks */
        post: operations["raiseComplaint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/complaints/{reference}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A complaint, to the signed-in tenant who raised it or with the token from its acknowledgement (404 otherwise): its status, responses, due dates and, after a final response or 8 weeks, the ombudsman */
        get: operations["getComplaint"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/support-needs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the signed-in tenant has told us would help them (kept only with their consent), and who helps them (issue 36) */
        get: operations["getSupportNeeds"];
        /** Record what would help, with the tenant's explicit consent (consent must be true; nothing is saved without it); replaces what was recorded */
        put: operations["saveSupportNeeds"];
        post?: never;
        /** Withdraw consent: what was recorded is deleted (the helper, if any, stays until removed on its own) */
        delete: operations["withdrawSupportNeeds"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/support-helper": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add the one person who helps the tenant (an adviser or a relative): they are e-mailed a link to confirm, valid for 7 days, and once they confirm they get a copy of every e-mail about the tenant's Keyfree, claims and payments. 409 while another is waiting or confirmed */
        post: operations["addSupportHelper"];
        /** Remove the helper at once: no copy reaches them from now on, not even of e-mails already queued; a helper who had confirmed is told */
        delete: operations["removeSupportHelper"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support-helpers/confirmation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the helper's link is, without signing in: whom they would help while it can be used, otherwise why not (used, expired, not valid) */
        get: operations["getSupportHelperConfirmation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support-helpers/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The helper confirms through their link (no sign-in): once, within 7 days, unless the tenant removed them; 400 with the reason otherwise */
        post: operations["confirmSupportHelper"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/breathing-space": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in tenant's Breathing Space in force (issue 36), or null */
        get: operations["getBreathingSpace"];
        put?: never;
        /** Record the tenant's Breathing Space from their debt adviser's letter (issue 36): the deadlines inside it move, no payment is asked for or taken while it lasts, and the tenant is e-mailed a receipt. One in force at a time (409) */
        post: operations["recordBreathingSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/data-exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in tenant's latest export of their data and its state (issue 40) */
        get: operations["getDataExports"];
        put?: never;
        /** Ask for a ZIP of everything held about the tenant: built as a job and e-mailed as a link to the signed-in page. 409 while one is being prepared; a ready one is replaced */
        post: operations["requestDataExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/data-exports/{exportId}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The ZIP of one of the tenant's own exports while it is ready (404 for another tenant's, one not ready, or expired) */
        get: operations["getDataExportContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        LoginResponse: {
            /** @description The user must reset their password before signing in */
            requiresReset: boolean;
            /** @description Bearer token, null when a reset is required */
            accessToken: string | null;
        };
        Error: {
            /** @example Wrong email or password */
            message: string;
            /** @description Field problems, for a 400 */
            issues?: {
                path: string;
                message: string;
            }[];
        };
        LoginRequest: {
            /**
             * Format: email
             * @example demo@keyfree.example
             */
            email: string;
            password: string;
        };
        IdentityLoginResponse: {
            /** @description Bearer token */
            accessToken: string;
        };
        IdentityLoginRequest: {
            /** @description The ID token the identity provider issued to the web app (a signed JWT) */
            idToken: string;
        };
        PasswordLinkResponse: {
            /** @enum {string} */
            state: "USABLE" | "INVALID" | "USED" | "EXPIRED";
            /** @description Why the link cannot be used (null when it can) */
            message: string | null;
        };
        PasswordLinkRequest: {
            /**
             * @description RESET: a reset-password link; SET: an invitation's set-password link
             * @enum {string}
             */
            kind: "RESET" | "SET";
            /** @description The token from the e-mailed link */
            token: string;
            /**
             * Format: email
             * @description The email from the link
             * @example demo@keyfree.example
             */
            email?: string;
        };
        ResetPasswordRequestResponse: {
            /** @example If an account exists for this email address, we have sent it a link to reset the password. */
            message: string;
        };
        ResetPasswordRequestRequest: {
            /**
             * Format: email
             * @example demo@keyfree.example
             */
            email: string;
        };
        ResetPasswordRequest: {
            /** @description The token from the e-mailed link */
            token: string;
            /**
             * @description 8 to 256 characters, with 3 of: a lower case letter, an upper case letter, a number, one of !@#$%^&*; not one of the most common passwords
             * @example Keyfree-new-1
             */
            password: string;
            /**
             * Format: email
             * @example demo@keyfree.example
             */
            email: string;
        };
        SetPasswordResponse: {
            /** @description Bearer token: the tenant is signed in */
            accessToken: string;
        };
        SetPasswordRequest: {
            /** @description The token from the e-mailed link */
            token: string;
            /**
             * @description 8 to 256 characters, with 3 of: a lower case letter, an upper case letter, a number, one of !@#$%^&*; not one of the most common passwords
             * @example Keyfree-new-1
             */
            password: string;
            /**
             * Format: email
             * @description The email from the link; when given it must be the invited user's
             * @example demo@keyfree.example
             */
            email?: string;
        };
        User: {
            id: string;
            email: string;
            firstName: string;
            lastName: string;
            userTypeId: string;
            /** @description Intercom identity verification: HMAC-SHA256 of the user's id (hex) with the chat's secret; null when the chat is not configured */
            intercomUserHash: string | null;
            attributes: {
                /** @description YYYY-MM-DD */
                dob: string | null;
                /** @enum {string|null} */
                gender: "MALE" | "FEMALE" | "UNKNOWN" | null;
                mobileNumber: string | null;
                addresses: components["schemas"]["Address"][];
                onboardingIntroductionComplete: boolean;
            };
        };
        Address: components["schemas"]["PropertyAddress"] & {
            id: string;
            externalId: string | null;
            startDate: string | null;
            endDate: string | null;
            currentlyAtAddress: boolean;
            organizationId: string | null;
        };
        PropertyAddress: {
            buildingName: string | null;
            roomNumber: string | null;
            flatNumber: string | null;
            buildingNumber: string | null;
            street: string;
            subStreet: string | null;
            town: string | null;
            county: string | null;
            postcode: string;
            country: string;
        };
        Customer: {
            id: string;
            userId: string;
            hasDuplicatePaymentMethod: boolean;
            requiresNewPaymentMethod: boolean;
        };
        UpdateUserRequest: {
            firstName?: string;
            lastName?: string;
            /**
             * @description YYYY-MM-DD; at least 18 years ago
             * @example 1990-04-17
             */
            dob?: string;
            /** @description One of MALE, FEMALE, UNKNOWN (UNKNOWN: 'Rather not say') */
            gender?: string;
            /**
             * @description 11 to 15 characters: an optional leading + then digits
             * @example 07700900123
             */
            mobileNumber?: string;
        };
        NoticeSettings: {
            /** @description Where every notice is e-mailed (the terms serve notices by e-mail, so this cannot be turned off) */
            email: string;
            /** @description Where text messages go (from About You); null when the tenant has given none */
            mobileNumber: string | null;
            /** @description Whether notices with a deadline, and 'it's your turn', are also sent by text message */
            smsNotices: boolean;
            /** @description Whether notices go by text message now: turned on, a mobile number given, and no support need for e-mail only (issue 38) */
            textMessagesSent: boolean;
            /** @description Whether the last text message to the current mobile number whose outcome is known could not be delivered (the provider's status, issue 38) */
            lastTextMessageUndelivered: boolean;
        };
        NoticeSettingsRequest: {
            /** @description Whether notices are also sent by text message to the mobile number (e-mails cannot be turned off) */
            smsNotices: boolean;
        };
        AddressLookupResult: {
            /** @description The lookup's id for the address */
            externalId: string;
            buildingName: string | null;
            roomNumber: string | null;
            flatNumber: string | null;
            buildingNumber: string | null;
            street: string;
            subStreet: string | null;
            town: string | null;
            county: string | null;
            postcode: string;
            /**
             * @description Three-letter country code
             * @example GBR
             */
            country: string;
        };
        AddressInput: {
            /** @description In an address history: the id of an address already in it (kept); any other id makes a new address */
            id?: string;
            externalId?: string | null;
            buildingName?: string | null;
            roomNumber?: string | null;
            flatNumber?: string | null;
            buildingNumber?: string | null;
            street?: string | null;
            subStreet?: string | null;
            town?: string | null;
            county?: string | null;
            postcode?: string | null;
            /**
             * @description Three-letter country code
             * @example GBR
             */
            country?: string | null;
            /** @description YYYY-MM-DD */
            startDate?: string | null;
            /** @description YYYY-MM-DD */
            endDate?: string | null;
            /** @default true */
            currentlyAtAddress: boolean;
            organizationId?: string | null;
        };
        AddressHistory: {
            addresses: components["schemas"]["Address"][];
        };
        AddressHistoryRequest: {
            addresses: components["schemas"]["AddressInput"][];
        };
        AccountClosure: {
            /**
             * @description NONE: not asked; REQUESTED: asked, kept while something is open
             * @enum {string}
             */
            status: "NONE" | "REQUESTED" | "CLOSED";
            requestedAt: string | null;
            /** @description What keeps the account open: its claims not finished, its payment plans offered or not paid off */
            stillOpen: components["schemas"]["AccountClosureStillOpen"][];
        };
        AccountClosureStillOpen: {
            /** @enum {string} */
            kind: "CLAIM" | "PAYMENT_PLAN";
            /** @description A claim still open (kind CLAIM) */
            claimId: string | null;
            /** @description The claim's property on one line (kind CLAIM) */
            property: string | null;
            /** @description A payment plan offered or not paid off (kind PAYMENT_PLAN) */
            paymentPlanId: string | null;
            /** @description The plan's total, in pence (kind PAYMENT_PLAN) */
            amountPence: number | null;
        };
        TenancyOrderList: {
            tenancyOrders: components["schemas"]["TenancyOrder"][];
            /** @description Any order has an open next action the tenant can do ('You have outstanding actions') */
            hasOutstandingActions: boolean;
            /**
             * @description The dashboard's default filter (part 2 §2)
             * @enum {string}
             */
            defaultAccountStatus: "ACTIVE" | "EXPIRED";
        };
        TenancyOrder: {
            /** @description The order id */
            id: string;
            /**
             * @description The product an order is for
             * @enum {string}
             */
            productId: "KEYFREE" | "CLAIM" | "TOP_UP";
            /** @enum {string} */
            statusId: "PENDING" | "COMPLETE";
            /**
             * @description Which dashboard filter the order is listed under (part 2 §2)
             * @enum {string}
             */
            accountStatus: "ACTIVE" | "EXPIRED";
            /**
             * @description IN_PROGRESS while checkout is open; EXPIRED once the tenancy is finished
             * @enum {string}
             */
            status: "IN_PROGRESS" | "ACTIVE" | "EXPIRED";
            /** @description The card's status line (part 2 §2) */
            statusLine: string;
            redirectUrl: string | null;
            orderCustomerId: string;
            orderCustomer: {
                id: string;
                customerId: string;
                /** @description Pence */
                fee: number;
                tenantLiability: number;
            };
            nextAction: components["schemas"]["OrderCustomerNextAction"];
            /** @description The checkout page of the next action */
            checkoutSubRoute: string | null;
            /** @description The next action is open and the tenant can do it now */
            hasOutstandingActions: boolean;
            tenants: components["schemas"]["OrderTenant"][];
            claim: components["schemas"]["TenancyOrderClaim"];
            /** @description The signed documents, once the order is complete */
            documents: components["schemas"]["TenancyDocument"][];
            tenancy: {
                id: string;
                /** @description Rent per month, in pence */
                PPM: number;
                startDate: string;
                endDate: string | null;
                isNewTenancy: boolean;
                property: {
                    id: string;
                    address: components["schemas"]["PropertyAddress"];
                };
            };
        };
        OrderCustomerNextAction: {
            orderCustomerActionIds: string[];
            typeId: string;
            /** @description False while it waits for other tenants */
            actionable: boolean;
        } | null;
        OrderTenant: {
            /** @description The tenant's user id */
            id: string;
            customerId: string | null;
            orderCustomerId: string | null;
            firstName: string;
            lastName: string;
            email: string;
            /** @description 'first last', or the e-mail when a name is missing */
            displayName: string;
            /** @description How many tenants' shares this tenant pays on this order */
            tenantLiability: number;
        };
        TenancyOrderClaim: {
            id: string;
            status: string;
            /** @description Pence */
            finalAmount: number | null;
            /** @description The tenants' maximum liability, in pence */
            limit: number;
            arbitration: {
                id: string;
                arbitratedAmount: number | null;
            } | null;
            /** @description Pence; set once the claim is RESOLVED */
            totalChargesSettled: number | null;
        } | null;
        TenancyDocument: {
            id: string;
            name: string;
            url: string;
            typeId: string;
        };
        AmountRemaining: {
            orderId: string;
            /** @description Whether this is the whole order's remaining balance */
            remainingBalance: boolean;
            /** @description Pence */
            amountRemaining: number;
        };
        Dashboard: {
            /** @description The Keyfree orders, newest first */
            tenancyOrders: components["schemas"]["TenancyOrder"][];
            /** @description The tenant has anything to do now, anywhere ('You have outstanding actions') */
            hasOutstandingActions: boolean;
            /** @description How many things the tenant can do now: checkout steps, claim answers and payments, arbitration payments, payment plan steps, the annual fee */
            outstandingActionCount: number;
            /**
             * @description The dashboard's default filter (part 2 §2)
             * @enum {string}
             */
            defaultAccountStatus: "ACTIVE" | "EXPIRED";
            /** @description A pending annual-fee (TOP_UP) order with an open action: the dashboard sends the tenant there */
            pendingAnnualFee: {
                orderId: string;
                customerId: string;
            } | null;
            /** @description A claim in progress to answer, when no checkout step is open: the dashboard sends the tenant to /claims/{id} (before the annual fee). Not a claim paid through a live payment plan, nor an ARBITRATED one */
            claimToAnswer: {
                id: string;
                mediationEnabled: boolean;
            } | null;
            /** @description The tenant's payment plan that is neither default nor cancelled, nor a void offer, nor paid off (the newest): the dashboard sends the tenant to /payment-plan/{id} first */
            paymentPlanToShow: {
                id: string;
            } | null;
            /** @description An adjudicated claim whose repayment this tenant still has to make, when no checkout step is open: the dashboard sends the tenant to /arbitrations/{id} (after a live payment plan, before a claim to answer) */
            arbitrationToPay: {
                id: string;
            } | null;
            /** @description The customer shares a payment method or must add a new one: the dashboard sends them to add one */
            mustAddPaymentMethod: boolean;
            breathingSpace: components["schemas"]["BreathingSpaceStatus"];
        };
        /** @description The tenant's Breathing Space in force ('Breathing Space until …', issue 36), or null */
        BreathingSpaceStatus: {
            /**
             * @description Its last day (YYYY-MM-DD, London); null while a mental health crisis one has no end yet
             * @example 2027-01-21
             */
            until: string | null;
            /** @enum {string} */
            type: "STANDARD" | "MENTAL_HEALTH_CRISIS";
        } | null;
        KeyfreePaymentList: {
            orderId: string;
            /** @description Newest first */
            payments: components["schemas"]["KeyfreePayment"][];
        };
        KeyfreePayment: {
            /** @description The payment's id: its receipt is /payments/{paymentId}/receipt */
            id: string;
            /**
             * @description What it paid: a card payment type (common/payments.ts), or a payment plan instalment
             * @enum {string}
             */
            kind: "KEYFREE" | "CLAIM" | "CLAIM_REMAINING_BALANCE" | "ARBITRATION_FEE" | "ARBITRATION" | "ARBITRATION_REMAINING_BALANCE" | "TOP_UP" | "CLAIM_PROPOSAL" | "PAYMENT_PLAN_INSTALMENT";
            /** @description Pence paid */
            amount: number;
            /** @description When it was paid (ISO 8601) */
            paidAt: string;
            /** @description The instalment's number, for a payment plan instalment */
            instalmentNumber: number | null;
            /** @description The claim it paid towards, if any */
            claimId: string | null;
            /** @description Pence given back to the card for this payment (a refused proposal's payment, an overpayment) */
            refundedAmount: number;
            /** @description Some of refundedAmount has not reached the card yet */
            refundPending: boolean;
        };
        PaymentReceipt: components["schemas"]["KeyfreePayment"] & {
            keyfree: {
                /** @description The Keyfree order the payment belongs to */
                orderId: string;
                customerId: string;
                address: components["schemas"]["PropertyAddress"];
            };
            payer: {
                name: string;
                email: string;
            };
        };
        OrderCustomer: {
            id: string;
            /** @description This customer's fee, in pence */
            fee: number;
            /** @description How many tenants' shares this customer pays */
            tenantLiability: number;
            actions: components["schemas"]["OrderCustomerAction"][];
            nextAction: components["schemas"]["OrderCustomerNextAction"] & unknown;
            /** @description The checkout page of the next action (about-you, address-history, referencing, confirm, sign, addendum, pay) */
            checkoutSubRoute: string | null;
            /** @description The step tracker; Finish is always last */
            steps: components["schemas"]["CheckoutStep"][];
            customer: {
                id: string;
            };
            order: {
                id: string;
                /** @enum {string} */
                statusId: "PENDING" | "COMPLETE";
                productId: string;
                redirectUrl: string | null;
                /** @description Rent per month, in pence */
                PPM: number;
                /** @description The fees a tenant reads on the checkout and annual-fee pages, from the domain's constants */
                fees: {
                    /** @description The whole order's Keyfree fee (one week's rent, at least the minimum), in pence */
                    keyfree: number;
                    /** @description The minimum Keyfree fee, in pence */
                    minimumKeyfree: number;
                    /** @description The annual fee for tenancies over 12 months (split between the tenants), in pence */
                    annual: number;
                };
                /** @description YYYY-MM-DD */
                startDate: string;
                /** @description YYYY-MM-DD */
                endDate: string | null;
                isNewTenancy: boolean;
                property: {
                    id: string;
                    address: components["schemas"]["PropertyAddress"];
                };
                organization: {
                    name: string;
                    topUpEnabled: boolean;
                };
                tenants: components["schemas"]["OrderTenant"][];
            };
            /** @description For the Sign step ('Agree to Terms') */
            terms: {
                termsLink: string | null;
                /** @description The maximum claim, in pence */
                maximumPolicyCover: number;
            };
            paymentPlan: {
                id: string;
                status: string;
            } | null;
            /** @description The other tenants on the order: what each has done and when, and what they still have to do (issue 38) */
            coTenants: components["schemas"]["CoTenant"][];
        };
        OrderCustomerAction: {
            id: string;
            /** @description KEYFREE_ABOUT_YOU, KEYFREE_PAY, CLAIM_PAY... */
            typeId: string;
            /** @description ISO date-time; null while open */
            completedAt: string | null;
            /** @description referenceId, termsLink, amountRemaining (pence), yearsToBePaid, stripePaymentIntentId... */
            details: {
                [key: string]: unknown;
            };
        };
        CheckoutStep: {
            /** @enum {string} */
            key: "ABOUT_YOU" | "ELIGIBILITY" | "CONFIRM" | "TERMS" | "ADDENDUM" | "PAY" | "FINISH";
            label: string;
            subRoutes: string[];
            complete: boolean;
        };
        CoTenant: {
            /** @description What a reminder names: the co-tenant's customer id on an order, their respondent id on a claim */
            id: string;
            firstName: string;
            lastName: string;
            /** @description What they have done, oldest first */
            done: {
                /** @enum {string} */
                kind: "FINISHED_STEPS" | "PAID_SHARE" | "ACCEPTED" | "PROPOSED" | "DISPUTED" | "PAID_DISPUTE_FEE";
                /** @description ISO 8601 instant */
                at: string;
            }[];
            /**
             * @description What they still have to do ('Remind {first name}' is offered), or null
             * @enum {string|null}
             */
            waitingFor: "STEPS" | "PAY_SHARE" | "ANSWER" | "DISPUTE_FEE" | null;
        };
        AboutYouRequest: {
            firstName: string;
            lastName: string;
            /**
             * @description YYYY-MM-DD
             * @example 1990-04-21
             */
            dob: string;
            /**
             * @description UNKNOWN is 'Rather not say'
             * @enum {string}
             */
            gender: "MALE" | "FEMALE" | "UNKNOWN";
            /** @example 07700900123 */
            mobileNumber: string;
        };
        /** @description 'Is everything correct?': every box must be true; annualFee only when the organisation has top-ups enabled */
        ConfirmRequest: {
            /** @description I confirm that everything is correct. */
            detailsCorrect?: boolean;
            /** @description I understand the Keyfree fee is one week's rent (minimum £150) and is non-refundable. */
            feeNonRefundable?: boolean;
            /** @description I understand I stay liable for damage and end-of-tenancy charges. */
            remainLiable?: boolean;
            /** @description I understand that if my landlord raises charges at the end of my tenancy, I must answer them within 7 days, or they are treated as accepted. */
            respondWithinSevenDays?: boolean;
            /** @description I understand the tenants are jointly and severally liable: each of us can be asked to pay the whole of a charge. */
            jointAndSeveralLiability?: boolean;
            /** @description I understand that for a tenancy over 12 months there is an annual fee of £30, split between the tenants. */
            annualFee?: boolean;
        };
        SignRequest: {
            /** @enum {boolean} */
            acceptTerms: true;
        };
        SignAddendumRequest: {
            /** @enum {boolean} */
            agree: true;
        };
        CoTenantReminder: {
            message: string;
            /** @description ISO 8601 instant */
            nextReminderAt: string;
        };
        TenancyUser: {
            /** @description The tenancy tenant id */
            id: string;
            tenancyId: string;
            userId: string;
            firstName: string;
            lastName: string;
            email: string;
            guarantor: {
                firstName: string | null;
                lastName: string | null;
            } | null;
        };
        ReferenceId: {
            id: string;
        };
        Reference: {
            id: string;
            /** @enum {string} */
            status: "PEND" | "PASS" | "FAIL" | "INFO_REQUIRED" | "IN_REVIEW" | "GUARANTOR_REQUIRED";
            orderCustomerId: string;
            orderId: string;
            customerId: string;
            /** @description PEND: poll again in 2 seconds */
            isPending: boolean;
            /** @description The proofs still needed before 'Send for Review' */
            missingDocuments: ("PROOF_OF_IDENTITY" | "PROOF_OF_ADDRESS")[];
            /** @description INFO_REQUIRED with both proofs present */
            canSendForReview: boolean;
            documents: components["schemas"]["ReferenceDocument"][];
            checks: components["schemas"]["ReferenceCheck"][];
            createdAt: string;
            updatedAt: string;
        };
        ReferenceDocument: {
            id: string;
            /** @enum {string} */
            type: "PROOF_OF_IDENTITY" | "PROOF_OF_ADDRESS";
            document: {
                id: string;
                url: string;
                name: string;
            };
        };
        ReferenceCheck: {
            id: string;
            /** @example IDENTITY */
            type: string;
            /** @example INFO_REQUIRED */
            status: string;
            createdAt: string;
        };
        ReferenceChecks: {
            checks: components["schemas"]["ReferenceCheck"][];
        };
        AddReferenceDocumentRequest: {
            /**
             * Format: binary
             * @description The file (max 31,457,280 bytes)
             */
            file?: string;
            fileName?: string;
            /** @enum {string} */
            type: "PROOF_OF_IDENTITY" | "PROOF_OF_ADDRESS";
        };
        Document: {
            id: string;
            name: string;
            /** @description Where the web fetches the file */
            url: string;
            typeId: string;
        };
        CreateDocumentRequest: {
            /**
             * Format: binary
             * @description The file (max 31,457,280 bytes)
             */
            file?: string;
            fileName?: string;
            /** @enum {string} */
            type: "CLAIM_ITEM" | "CLAIM_RESPONSE";
        };
        Claim: {
            id: string;
            status: components["schemas"]["ClaimStatus"];
            /** @description The tenants' maximum liability, in pence */
            limit: number;
            /** @description Pence */
            finalAmount: number | null;
            details: string | null;
            mediationEnabled: boolean;
            tenantDisputeMessage: string | null;
            organization: {
                name: string;
            };
            tenancy: {
                id: string;
                /** @description Pence */
                PPM: number;
                startDate: string;
                endDate: string | null;
                property: {
                    address: components["schemas"]["PropertyAddress"];
                };
            };
            /** @description Tenancy documents in display order; referencing documents are never listed */
            documents: components["schemas"]["ClaimDocument"][];
            items: {
                id: string;
                claimId: string;
                description: string;
                type: string;
                isSettled: boolean;
                /** @description The landlord's round 1 charge */
                chargedAmount: number | null;
                /** @description The landlord's or agent's current amount (latest round 1 or 3) */
                currentAmount: number | null;
                landlordEvidence: components["schemas"]["ClaimItemDocument"][];
                tenantEvidence: components["schemas"]["ClaimItemDocument"][];
            }[];
            respondents: {
                id: string;
                userId: string;
                firstName: string;
                lastName: string;
                isCurrentUser: boolean;
                claimResponse: {
                    id: string;
                    message: string | null;
                } | null;
            }[];
            currentRespondent: {
                id: string;
                claimResponseId: string | null;
            };
            /** @description Only proposals the tenant may see */
            proposals: components["schemas"]["ClaimProposal"][];
            responseDocuments: components["schemas"]["ClaimResponseDocument"][];
            activities: components["schemas"]["ClaimActivity"][];
            evidenceChasers: {
                id: string;
                type: string;
                status: string;
            }[];
            /** @description The £60 dispute fee order, with this tenant's ARBITRATION_ADMIN_PAY action */
            adjudicationFeeOrder: {
                id: string;
                /** @enum {string} */
                statusId: "PENDING" | "COMPLETE";
                action: components["schemas"]["ClaimPayAction"];
            } | null;
            arbitration: {
                id: string;
                /** @description Pence */
                arbitratedAmount: number | null;
                /** @description ISO 8601 date-time */
                decidedAt: string | null;
            } | null;
            /** @description The claim is in progress (part 1 §4.1): its page has something to show. A finished claim (DEACTIVATED, DECLINED, RESOLVED) sends the tenant to the dashboard */
            inProgress: boolean;
            currentProposalId: string | null;
            canRespond: boolean;
            awaitingTenantResponse: boolean;
            disputed: boolean;
            awaitingPayment: boolean;
            /** @description The charges were accepted for the tenant after the deadline ('You must pay immediately') */
            autoResponded: boolean;
            tenantDraftProposalId: string | null;
            /** @description The tenant's own proposal at the payment step (upfront payment, held at most 7 days) */
            proposalPayment: {
                claimProposalId: string;
                orderId: string;
                orderCustomerActionId: string;
                /** @description Pence */
                amount: number;
            } | null;
            payableOrderId: string | null;
            /** @description This tenant's pay actions on the payable order */
            payActions: components["schemas"]["ClaimPayAction"][];
            /** @description What the charges' pay page takes (part 1 §4.1, §4.3): this tenant's share (CLAIM) while it is less than the balance left, the remaining balance once a co-tenant has paid part, else their share; null when nothing is left to pay */
            chargesPayment: {
                /** @enum {string} */
                paymentType: "CLAIM" | "CLAIM_REMAINING_BALANCE";
                orderId: string;
                orderCustomerActionId: string;
                /** @description Pence */
                amount: number;
            } | null;
            /** @description While the tenant may accept the current proposal (round 1 or 3): what accepting makes payable (its total capped at the limit) and this tenant's share of it (split by tenantLiability) */
            acceptDue: {
                /** @description Pence */
                amount: number;
                /** @description Pence */
                share: number;
            } | null;
            /** @description What co-tenants have paid on the payable order ('{name} has paid £X') */
            coTenantPayments: {
                firstName: string;
                lastName: string;
                /** @description Pence */
                amount: number;
            }[];
            /** @description Your co-tenants (issue 38): what each has done and when, what they still have to do */
            coTenants: components["schemas"]["CoTenant"][];
            bindingAnswer: components["schemas"]["BindingAnswer"];
            allowedActions: components["schemas"]["ClaimTenantAction"][];
            /** @description 'Awaiting response from {organisation}' */
            awaitingResponseFrom: string | null;
            /** @description ISO 8601 date-time */
            responseDeadline: string | null;
            daysRemaining: number | null;
            /** @enum {string|null} */
            urgency: "high" | "medium" | "low" | null;
            /** @description The tenant's active payment plan on this claim (redirect to /payment-plan/{id}) */
            paymentPlanId: string | null;
            /** @description A co-tenant has a payment plan on this claim ('Payment plan in progress') */
            coTenantOnPaymentPlan: boolean;
            moreTime: components["schemas"]["ClaimMoreTime"];
            breathingSpace: components["schemas"]["BreathingSpaceStatus"] & unknown;
        };
        /** @enum {string} */
        ClaimStatus: "AWAITING_RESPONDENTS" | "AWAITING_ARBITRATION" | "AWAITING_ARBITRATION_ADMIN_FEE" | "ARBITRATED" | "MEDIATION" | "AWAITING_SUBSTANTIATION" | "AWAITING_EVIDENCE_REVIEW" | "EVIDENCE_REVIEW" | "DEACTIVATED" | "DECLINED" | "RESOLVED";
        ClaimDocument: {
            id: string;
            name: string;
            typeId: string;
            url: string;
        };
        ClaimItemDocument: {
            /** @description The document's id (used to delete it) */
            id: string;
            claimItemDocumentId: string;
            claimItemId: string;
            claimItemProposalId: string | null;
            name: string;
            typeId: string;
            url: string;
            source: components["schemas"]["ClaimProposalSource"];
            uploadedByCurrentUser: boolean;
            /** @description ISO 8601 date-time */
            createdAt: string;
        };
        /** @enum {string} */
        ClaimProposalSource: "SUPPLIER" | "TENANT";
        ClaimProposal: {
            id: string;
            claimId: string;
            round: number;
            status: components["schemas"]["ClaimProposalStatus"];
            /** @description STANDARD or FINAL */
            type: string;
            source: components["schemas"]["ClaimProposalSource"];
            /** @description ISO 8601 date-time */
            publishedAt: string | null;
            orderId: string | null;
            createdByUserId: string | null;
            createdByCurrentUser: boolean;
            /** @description ISO 8601 date-time */
            responseDeadline: string | null;
            autoResponded: boolean;
            /** @description ISO 8601 date-time */
            holdExpiresAt: string | null;
            /** @description Pence */
            totalAmount: number;
            itemProposals: components["schemas"]["ClaimItemProposal"][];
        };
        /** @enum {string} */
        ClaimProposalStatus: "DRAFT" | "AWAITING_RESPONSE" | "AWAITING_PAYMENT" | "DISPUTED" | "SETTLED";
        ClaimItemProposal: {
            id: string;
            claimProposalId: string;
            claimItemId: string;
            /** @description Pence */
            amount: number;
            explanation: string | null;
            settled: boolean;
            settledSource: components["schemas"]["ClaimProposalSource"] & (string | null);
            documents: components["schemas"]["ClaimItemDocument"][];
            /** @description ISO 8601 date-time */
            createdAt: string;
            /** @description ISO 8601 date-time */
            updatedAt: string;
        };
        ClaimResponseDocument: {
            /** @description The document's id (used to delete it) */
            id: string;
            claimResponseDocumentId: string;
            claimId: string;
            name: string;
            typeId: string;
            url: string;
            uploadedByCurrentUser: boolean;
            /** @description ISO 8601 date-time */
            createdAt: string;
        };
        ClaimActivity: {
            id: string;
            activityType: string;
            details: {
                [key: string]: unknown;
            };
            userId: string | null;
            byCurrentUser: boolean;
            /** @description ISO 8601 date-time */
            createdAt: string;
        };
        ClaimPayAction: {
            id: string;
            typeId: string;
            orderId: string;
            /** @description Pence */
            amountRemaining: number;
            /** @description ISO 8601 date-time */
            completedAt: string | null;
        } | null;
        /** @description The answer that binds every tenant (the latest given), or null before any */
        BindingAnswer: {
            /** @enum {string} */
            how: "ACCEPTED" | "PROPOSED" | "DISPUTED" | "DEEMED_ACCEPTED";
            firstName: string | null;
            lastName: string | null;
            byYou: boolean;
            /** @description ISO 8601 instant */
            at: string;
        } | null;
        /**
         * @description accept: accept the charges; counter: start a counter-proposal; reject/dispute/rejectWithNoEvidence: raise a formal dispute; publish: submit your draft; unpublish: go back from the proposal payment step; updateDisputeMessage: change the dispute message before the fee is paid
         * @enum {string}
         */
        ClaimTenantAction: "accept" | "counter" | "reject" | "dispute" | "publish" | "unpublish" | "updateDisputeMessage" | "rejectWithNoEvidence";
        ClaimMoreTime: {
            /** @description A tenant of the claim may ask for more time now ('Ask for more time') */
            canAsk: boolean;
            /** @description A request waiting for our answer: the deadline holds until then */
            waiting: {
                /** @description ISO 8601 date-time */
                answerBy: string;
                askedByYou: boolean;
                askedBy: string;
            } | null;
        };
        ClaimResponseDocumentList: {
            claimResponseDocuments: components["schemas"]["ClaimResponseDocument"][];
        };
        AddClaimResponseDocument: {
            /**
             * Format: binary
             * @description The file (max 31,457,280 bytes)
             */
            file?: string;
            fileName?: string;
            /** @enum {string} */
            type: "CLAIM_RESPONSE";
        };
        AddClaimItemDocument: {
            /**
             * Format: binary
             * @description The file (max 31,457,280 bytes)
             */
            file?: string;
            fileName?: string;
            /** @enum {string} */
            type: "CLAIM_ITEM";
            claimItemProposalId?: string;
        };
        ClaimItemProposalInput: {
            claimItemId: string;
            /** @description Pence */
            amount: number;
            /** @description The tenant's reasoning: required unless the amount is the agent's (Agree) */
            explanation?: string;
            /** @default [] */
            documentIds: string[];
        };
        ClaimDisputeMessage: {
            message: string;
        };
        ClaimActivityInput: {
            /** @enum {string} */
            activityType: "ITEM_AGREED";
            details: {
                claimItemId: string;
                /** @description Pence */
                amount: number;
            };
        } | {
            /** @enum {string} */
            activityType: "ITEM_COUNTER_PROPOSED";
            details: {
                claimItemId: string;
                /** @description Pence */
                counterProposalAmount: number;
            };
        } | {
            /** @enum {string} */
            activityType: "MEDIATION_INTRO_READ" | "EXPLAINER_VIEWED" | "END_OF_TENANCY_GUIDE_OPENED" | "FAQS_OPENED" | "VIDEO_TUTORIAL_PLAYED" | "DISPUTE_FORM_STARTED" | "DISPUTE_FORM_BACK";
            /** @default {} */
            details: Record<string, never>;
        };
        MoreTime: {
            canAsk: boolean;
            /** @description Why not, when canAsk is false */
            cannotAsk: string | null;
            minDays: number;
            maxDays: number;
            /** @description We answer within this many working days */
            answerWorkingDays: number;
            /** @description The deadline of the charges or final proposal the tenants are answering */
            responseDeadline: string | null;
            /** @description The tenants are answering the landlord's final proposal (round 3) */
            final: boolean;
            request: components["schemas"]["MoreTimeRequest"];
        };
        /** @description The claim's latest request */
        MoreTimeRequest: {
            id: string;
            status: components["schemas"]["MoreTimeStatus"];
            askedByYou: boolean;
            /** @description The name of the tenant who asked */
            askedBy: string;
            daysRequested: number;
            daysGranted: number | null;
            /** @description ISO 8601 date-time */
            createdAt: string;
            /** @description When we answer by: past it, the days asked for are given automatically */
            answerBy: string;
            /** @description ISO 8601 date-time */
            answeredAt: string | null;
            grantedAutomatically: boolean;
            /** @description The deadline after the answer */
            deadlineAfter: string | null;
            /** @description Why it was refused: to the tenant who asked only */
            refusalReason: string | null;
        } | null;
        /**
         * @description PENDING: waiting for our answer; GRANTED; REFUSED; LAPSED: the charges were answered (or replaced) while it waited
         * @enum {string}
         */
        MoreTimeStatus: "PENDING" | "GRANTED" | "REFUSED" | "LAPSED";
        AskForMoreTime: {
            days: number;
            /** @description Why: read only by the team that decides */
            reason: string;
        };
        ClaimRecord: {
            claimId: string;
            /** @description A SHA-256 of the record: it changes when anything in it does (the PDF is cached by it) */
            version: string;
            /** @description When the last thing in the record happened */
            asAt: string;
            /** @enum {string} */
            status: "AWAITING_RESPONDENTS" | "AWAITING_ARBITRATION" | "AWAITING_ARBITRATION_ADMIN_FEE" | "ARBITRATED" | "MEDIATION" | "AWAITING_SUBSTANTIATION" | "AWAITING_EVIDENCE_REVIEW" | "EVIDENCE_REVIEW" | "DEACTIVATED" | "DECLINED" | "RESOLVED";
            /** @description Nothing is left to answer or pay on the claim */
            settled: boolean;
            organisationName: string;
            address: components["schemas"]["PropertyAddress"];
            tenancy: {
                startDate: string;
                endDate: string | null;
            };
            tenants: {
                name: string;
                isYou: boolean;
            }[];
            /** @description The tenants' maximum liability */
            limit: number;
            items: {
                id: string;
                description: string;
                type: string;
                /** @description Pence */
                chargedAmount: number | null;
            }[];
            /** @description ISO 8601 date-time */
            raisedAt: string | null;
            evidence: components["schemas"]["RecordFile"][];
            /** @description Every proposal published, oldest first */
            proposals: components["schemas"]["RecordProposal"][];
            /** @description Every answer, oldest first */
            answers: components["schemas"]["RecordAnswer"][];
            dispute: {
                /** @description ISO 8601 date-time */
                disputedAt: string;
                by: components["schemas"]["RecordParty"];
                /** @description Pence */
                fee: number | null;
                /** @description ISO 8601 date-time */
                feePaidAt: string | null;
                /** @description Who paid the fee (a RecordParty), once paid */
                feePaidBy: {
                    /** @enum {string} */
                    party: "TENANT" | "LANDLORD" | "ADJUDICATOR" | "DEADLINE";
                    /** @description The tenant's or the organisation's name; null for the adjudicator and a deadline */
                    name: string | null;
                    isYou: boolean;
                } | null;
            } | null;
            decision: {
                /** @description ISO 8601 date-time */
                decidedAt: string;
                /** @description Pence */
                awarded: number;
                reasons: {
                    claimItemId: string;
                    /** @description The charge, as the landlord or agent described it */
                    description: string;
                    /** @description What the landlord or agent last asked for this item */
                    askedAmount: number | null;
                    /** @description What the adjudicator awarded for this item, when they said */
                    awardedAmount: number | null;
                    /** @description The adjudicator's reason for this item */
                    reason: string;
                }[];
                documents: {
                    name: string;
                    /** @description Bytes */
                    size: number;
                    /** @description ISO 8601 date-time */
                    uploadedAt: string;
                    /** @description The file's SHA-256, in hex */
                    sha256: string;
                    /** @description The document's id, for the tenant's own view; null on a shared record (no contents) */
                    documentId: string | null;
                }[];
            } | null;
            /** @description The tenant's own payments towards the claim, oldest first */
            payments: {
                receiptNumber: string;
                /** @description What it paid (KeyfreePayment.kind) */
                kind: string;
                instalmentNumber: number | null;
                /** @description Pence */
                amount: number;
                /** @description ISO 8601 date-time */
                paidAt: string;
                /** @description Pence */
                refundedAmount: number;
                refundPending: boolean;
            }[];
            /** @description The tenant's own Breathing Space periods during the claim */
            breathingSpaces: {
                startDate: string;
                endsOn: string | null;
                /** @description ISO 8601 date-time */
                endedAt: string | null;
            }[];
            moreTime: {
                /** @description ISO 8601 date-time */
                askedAt: string;
                by: components["schemas"]["RecordParty"];
                daysRequested: number;
                /** @enum {string} */
                status: "PENDING" | "GRANTED" | "REFUSED" | "LAPSED";
                daysGranted: number | null;
                /** @description ISO 8601 date-time */
                deadlineBefore: string | null;
                /** @description ISO 8601 date-time */
                deadlineAfter: string | null;
                /** @description ISO 8601 date-time */
                answeredAt: string | null;
            }[];
        };
        RecordFile: {
            /** @description The charge it is evidence for; null for the tenants' supporting information */
            claimItemId: string | null;
            /** @enum {string} */
            side: "LANDLORD" | "TENANT";
            givenBy: components["schemas"]["RecordParty"];
            name: string;
            /** @description Bytes */
            size: number;
            /** @description ISO 8601 date-time */
            uploadedAt: string;
            /** @description The file's SHA-256, in hex */
            sha256: string;
            /** @description The document's id, for the tenant's own view; null on a shared record (no contents) */
            documentId: string | null;
        };
        RecordParty: {
            /** @enum {string} */
            party: "TENANT" | "LANDLORD" | "ADJUDICATOR" | "DEADLINE";
            /** @description The tenant's or the organisation's name; null for the adjudicator and a deadline */
            name: string | null;
            isYou: boolean;
        };
        RecordProposal: {
            id: string;
            /** @enum {string} */
            kind: "CHARGES" | "TENANT_PROPOSAL" | "FINAL_PROPOSAL" | "PROPOSAL";
            by: components["schemas"]["RecordParty"];
            /** @description ISO 8601 date-time */
            publishedAt: string;
            /** @description Pence */
            total: number;
            items: {
                claimItemId: string;
                /** @description Pence */
                amount: number;
                explanation: string | null;
            }[];
        };
        RecordAnswer: {
            /** @description ISO 8601 date-time */
            at: string;
            /** @enum {string} */
            kind: "CHARGES_ACCEPTED" | "CHARGES_TREATED_AS_ACCEPTED" | "PROPOSAL_ACCEPTED" | "PROPOSAL_REFUSED" | "DISPUTED" | "DISPUTE_LAPSED" | "SENT_TO_ADJUDICATION" | "DECIDED" | "RESOLVED";
            by: components["schemas"]["RecordParty"];
            /** @description Pence */
            amount: number | null;
        };
        RecordShareList: {
            shares: components["schemas"]["RecordShare"][];
        };
        RecordShare: {
            id: string;
            /** @description The person the tenant made the link for */
            adviserName: string;
            createdAt: string;
            /** @description 30 days after it was made */
            expiresAt: string;
            revokedAt: string | null;
            lastUsedAt: string | null;
            /** @enum {string} */
            status: "LIVE" | "EXPIRED" | "REVOKED";
        };
        RecordShareCreated: {
            share: components["schemas"]["RecordShare"];
            token: string;
            /** @description The link to give the person: the token in it is shown only now */
            link: string;
        };
        RecordShareInput: {
            adviserName: string;
        };
        SharedRecord: {
            adviserName: string;
            expiresAt: string;
            record: components["schemas"]["ClaimRecord"];
        };
        SharedRecordInput: {
            token: string;
            /**
             * @default PAGE
             * @enum {string}
             */
            format: "PAGE" | "PDF";
        };
        Arbitration: {
            id: string;
            claimId: string;
            claim: {
                id: string;
                /** @enum {string} */
                status: "AWAITING_RESPONDENTS" | "AWAITING_ARBITRATION" | "AWAITING_ARBITRATION_ADMIN_FEE" | "ARBITRATED" | "MEDIATION" | "AWAITING_SUBSTANTIATION" | "AWAITING_EVIDENCE_REVIEW" | "EVIDENCE_REVIEW" | "DEACTIVATED" | "DECLINED" | "RESOLVED";
                /** @description Pence */
                finalAmount: number | null;
                /** @description Pence */
                limit: number;
                organization: {
                    name: string;
                };
            };
            /** @description What the adjudicator awarded; null until decided */
            arbitratedAmount: number | null;
            /** @description ISO 8601 date-time */
            decidedAt: string | null;
            /** @description 3 calendar days after the decision (end of day, London) */
            paymentDeadline: string | null;
            daysRemaining: number | null;
            documents: {
                id: string;
                document: {
                    id: string;
                    url: string;
                    name: string;
                };
            }[];
            /** @description The adjudicator's reasons, item by item (issue 39); empty before the decision and for decisions without them */
            reasons: {
                claimItemId: string;
                /** @description The charge, as the landlord or agent described it */
                description: string;
                /** @description What the landlord or agent last asked for this item */
                askedAmount: number | null;
                /** @description What the adjudicator awarded for this item, when they said */
                awardedAmount: number | null;
                /** @description The adjudicator's reason for this item */
                reason: string;
            }[];
            repaymentOrderId: string | null;
            /** @enum {string|null} */
            repaymentOrderStatusId: "PENDING" | "COMPLETE" | null;
            payActions: {
                ownShare: components["schemas"]["ClaimPayAction"] & unknown;
                remainingBalance: components["schemas"]["ClaimPayAction"] & unknown;
            };
            /** @description Both actions exist, neither is completed and the amounts differ ('How much would you like to pay?') */
            paymentChoice: boolean;
            /** @description 'Payment required': this tenant has an open repayment action */
            paymentRequired: boolean;
            /** @description What the repayment order asked of the tenants in all (the award up to the limit, less the dispute fee credit); null until decided */
            amountDue: number | null;
            /** @description How many tenants' shares this tenant answers for ('You are responsible for paying the fee for N tenants.') */
            tenantLiability: number;
            /** @description What happens to the £60 dispute fee; null until decided */
            disputeFeeOutcome: {
                credited: boolean;
                /** @enum {string} */
                reason: "ADJUDICATOR_REDUCED_CHARGES" | "EXCEEDS_EIGHT_WEEKS_RENT" | "AWARDED_WHOLLY_TO_LANDLORD";
                /** @description Pence */
                creditPence: number;
            } | null;
            paymentPlanId: string | null;
            breathingSpace: components["schemas"]["BreathingSpaceStatus"] & unknown;
        };
        PaymentPlan: {
            id: string;
            /** @enum {string} */
            status: "PENDING" | "ACTIVE" | "CANCELLED" | "DEFAULT";
            /** @description The balance spread over the instalments, in pence (interest included) */
            amount: number;
            /** @description The part of the amount that is interest, in pence */
            interestAmount: number;
            /** @description 'Your outstanding balance of £X will be spread over N instalments': X, in pence */
            outstandingBalance: number;
            /** @description N in the same sentence */
            instalmentCount: number;
            /** @description Pence paid so far (PAID instalments) */
            amountPaid: number;
            /** @description Pence still to pay (instalments not PAID) */
            amountRemaining: number;
            instalments: components["schemas"]["PaymentPlanInstalment"][];
            actions: components["schemas"]["PaymentPlanAction"][];
            /** @description The step to do now; null when none (card details done) */
            nextAction: {
                paymentPlanActionIds: string[];
            } | null;
            screen: components["schemas"]["PaymentPlanScreen"];
            /** @description The plan is live (part 2 §2, §4): its three steps are done and it is ACTIVE or in DEFAULT. Its live pages (payment-plan-live, active, the schedule, payment-success) show only then */
            live: boolean;
            /** @description The offer is void if its three steps are not all done by then (48 hours) */
            offerExpiresAt: string;
            /** @description The offer ran out: its three steps were not all done within the 48 hours (still PENDING, or already CANCELLED for it by the offer sweep) */
            offerVoid: boolean;
            /** @description Every instalment is PAID (docs/decisions/0026): the plan keeps its status, its screen is active (paid in full), and it no longer sends the tenant to it from the dashboard, claim or arbitration pages */
            paidOff: boolean;
            orderCustomerId: string;
            orderCustomer: {
                id: string;
                orderId: string;
                customerId: string;
            };
            claimId: string | null;
            /** @description The postal address given at the Address Confirmation step (null until then) */
            address: components["schemas"]["PaymentPlanAddress"] | null;
            /** @description The address of the property the plan's tenancy is for ('Proposed Payment Summary' shows it) */
            propertyAddress: components["schemas"]["PropertyAddress"] | null;
            /** @description The plan's card (the instalments are charged to it), once the card step is done */
            card: {
                brand: string | null;
                last4: string | null;
            } | null;
            createdAt: string;
            breathingSpace: components["schemas"]["BreathingSpaceStatus"] & unknown;
        };
        PaymentPlanInstalment: {
            id: string;
            paymentPlanId: string;
            instalmentNumber: number;
            /** @description YYYY-MM-DD */
            dueDate: string;
            /** @description Pence */
            amount: number;
            /** @enum {string} */
            status: "PENDING" | "PAID" | "FAILED";
            paidAt: string | null;
        };
        PaymentPlanAction: {
            id: string;
            /** @enum {string} */
            typeId: "CONFIRM" | "ADDRESS" | "CARD_DETAILS";
            /** @description ISO date-time; null while the step is open */
            completedAt: string | null;
        };
        /**
         * @description The screen the plan shows (part 2 §4): dashboard for a cancelled plan, a void offer or a plan in default; manual-payment when an instalment failed; the page of the next step; active for a live plan with nothing to do; payment-plan-live when every step is done.
         * @enum {string}
         */
        PaymentPlanScreen: "dashboard" | "manual-payment" | "active" | "payment-plan-live" | "confirm" | "address" | "card-details";
        PaymentPlanAddress: components["schemas"]["PropertyAddress"] & {
            id: string;
            externalId: string | null;
        };
        PaymentPlanPropertyAddress: {
            address: components["schemas"]["PaymentPlanAddress"];
        };
        PaymentPlanNextAction: {
            action: components["schemas"]["PaymentPlanAction"] & (Record<string, never> | null);
            screen: components["schemas"]["PaymentPlanScreen"];
        };
        UpdatePaymentPlanAddress: {
            addresses: components["schemas"]["PaymentPlanAddressInput"][];
        };
        PaymentPlanAddressInput: {
            /** @description The form's temporary id; not stored */
            id?: string | null;
            externalId?: string | null;
            buildingName?: string | null;
            roomNumber?: string | null;
            flatNumber?: string | null;
            buildingNumber?: string | null;
            street?: string | null;
            subStreet?: string | null;
            town?: string | null;
            county?: string | null;
            postcode?: string | null;
            /** @description Two-letter code (GB); GBR is read as the UK too */
            country?: string | null;
            startDate?: string | null;
            endDate?: string | null;
            /** @default true */
            currentlyAtAddress: boolean;
            organizationId?: string | null;
        };
        PaymentPlanSetupIntentSecret: {
            /** @description For the card form, in setup mode (Stripe.js confirmCardSetup) */
            clientSecret: string;
            setupIntentId: string;
        };
        UpdatePaymentPlanCardDetails: {
            /** @description The card the setup intent was confirmed with */
            paymentMethodId: string;
        };
        InstalmentPaymentIntentSecret: {
            paymentIntentSecret: string;
            paymentIntentId: string;
            /** @description The instalment's amount, in pence */
            amount: number;
            /** @enum {string} */
            currency: "gbp";
            paymentPlanId: string;
            paymentPlanInstalmentId: string;
        };
        TenancyAnniversaries: {
            tenancyAnniversaries: components["schemas"]["TenancyAnniversary"][];
        };
        TenancyAnniversary: {
            id: string;
            tenancyId: string;
            /** @description The anniversary, YYYY-MM-DD */
            date: string;
            /** @description 1 for the first anniversary of the tenancy's start */
            year: number;
            /** @description The year's annual fee is paid (its top-up order is COMPLETE) */
            paid: boolean;
            paidAt: string | null;
            /** @description The annual fee (TOP_UP) order for this year */
            orderId: string | null;
            /** @enum {string|null} */
            orderStatusId: "PENDING" | "COMPLETE" | null;
        };
        Debts: {
            debts: components["schemas"]["Debt"][];
            /** @description A plan is at most this many monthly instalments, with no interest and no fees */
            maxInstalments: number;
            /** @description A plan offered on a request is set up in its three steps within this many hours (part 2 §9) */
            offerHours: number;
        };
        Debt: {
            /** @enum {string} */
            debtType: "CLAIM_BALANCE" | "ADJUDICATION_AWARD" | "MISSED_INSTALMENT";
            claimId: string | null;
            arbitrationId: string | null;
            paymentPlanInstalmentId: string | null;
            /** @description A missed instalment's plan */
            paymentPlanId: string | null;
            /** @description A missed instalment's number */
            instalmentNumber: number | null;
            /** @description The tenant's own part still owed, in pence */
            amountPence: number;
            /** @description The property, on one line */
            property: string;
            request: components["schemas"]["PaymentPlanRequestSummary"];
        };
        /** @description The tenant's latest request for a plan for it, if any */
        PaymentPlanRequestSummary: {
            id: string;
            /** @enum {string} */
            status: "PENDING" | "OFFERED" | "REFUSED" | "WITHDRAWN";
            /** @description What was owed when it was asked for */
            amountPence: number;
            plan: components["schemas"]["InstalmentPlan"];
            /** @description ISO date-time */
            createdAt: string;
            answeredAt: string | null;
        } | null;
        InstalmentPlan: {
            instalments: number;
            /** @description The first instalment: the largest, by the pennies left over */
            firstPence: number;
            /** @description Each instalment after the first */
            otherPence: number;
        };
        WorkedOutBudget: {
            debt: components["schemas"]["Debt"];
            monthlyIncomePence: number;
            monthlyOutgoingsPence: number;
            /** @description Income − outgoings each month (below 0 when more goes out than comes in) */
            leftPence: number;
            /** @description Some plan of at most 12 monthly instalments fits what is left */
            fits: boolean;
            /**
             * @description When nothing fits: nothing is left each month, or even 12 instalments are more than is left
             * @enum {string|null}
             */
            why: "NOTHING_LEFT" | "NOT_ENOUGH_LEFT" | null;
            /** @description From the fewest monthly instalments that fit what is left, up to 12 */
            plans: components["schemas"]["InstalmentPlan"][];
            maxInstalments: number;
        };
        WorkOutBudgetRequest: {
            /**
             * @description CLAIM_BALANCE: charges accepted and unpaid, the tenant's own share (named by claimId); ADJUDICATION_AWARD: what the adjudicator decided, unpaid (arbitrationId); MISSED_INSTALMENT: a payment plan instalment that failed (paymentPlanInstalmentId)
             * @enum {string}
             */
            debtType: "CLAIM_BALANCE" | "ADJUDICATION_AWARD" | "MISSED_INSTALMENT";
            /** @description CLAIM_BALANCE: the claim (one the tenant answers; 404 otherwise) */
            claimId?: string;
            /** @description ADJUDICATION_AWARD: the adjudication (of a claim the tenant answers; 404 otherwise) */
            arbitrationId?: string;
            /** @description MISSED_INSTALMENT: the failed instalment (of the tenant's own plan; 404 otherwise) */
            paymentPlanInstalmentId?: string;
            /** @description Income and outgoings in the Standard Financial Statement's groups; a line left out is £0 */
            lines: components["schemas"]["BudgetLineInput"][];
        };
        BudgetLineInput: {
            /**
             * @description The line of the form (common/budget.ts BUDGET_GROUPS)
             * @enum {string}
             */
            line: "earnings" | "benefits" | "pensions" | "otherIncome" | "rent" | "councilTax" | "homeOther" | "energy" | "water" | "care" | "health" | "transport" | "school" | "food" | "clothing" | "personalOther" | "phone" | "leisure" | "priorityDebts" | "otherDebts" | "otherEssential";
            /** @description The amount as the tenant gave it, in pence: £0 up to £100,000 a month */
            amountPence: number;
            /**
             * @description How often: its monthly figure is weekly × 52 ÷ 12, fortnightly × 26 ÷ 12, four-weekly × 13 ÷ 12
             * @enum {string}
             */
            frequency: "WEEKLY" | "FORTNIGHTLY" | "FOUR_WEEKLY" | "MONTHLY";
        };
        PaymentPlanRequest: components["schemas"]["PaymentPlanRequestSummary"] & {
            /** @enum {string} */
            debtType: "CLAIM_BALANCE" | "ADJUDICATION_AWARD" | "MISSED_INSTALMENT";
            monthlyIncomePence: number;
            monthlyOutgoingsPence: number;
        };
        PaymentPlanRequestInput: {
            /**
             * @description CLAIM_BALANCE: charges accepted and unpaid, the tenant's own share (named by claimId); ADJUDICATION_AWARD: what the adjudicator decided, unpaid (arbitrationId); MISSED_INSTALMENT: a payment plan instalment that failed (paymentPlanInstalmentId)
             * @enum {string}
             */
            debtType: "CLAIM_BALANCE" | "ADJUDICATION_AWARD" | "MISSED_INSTALMENT";
            /** @description CLAIM_BALANCE: the claim (one the tenant answers; 404 otherwise) */
            claimId?: string;
            /** @description ADJUDICATION_AWARD: the adjudication (of a claim the tenant answers; 404 otherwise) */
            arbitrationId?: string;
            /** @description MISSED_INSTALMENT: the failed instalment (of the tenant's own plan; 404 otherwise) */
            paymentPlanInstalmentId?: string;
            /** @description Income and outgoings in the Standard Financial Statement's groups; a line left out is £0 */
            lines: components["schemas"]["BudgetLineInput"][];
            /** @description The plan asked for: one of the plans that fit (workOutBudget's plans) */
            instalments: number;
        };
        KeyfreeOffer: {
            keyfreeOffer: {
                id: string;
                property: {
                    address: components["schemas"]["KeyfreeOfferAddress"];
                };
            };
            /** @description Pence: 'Save £{savingAmount} with Keyfree!' */
            savingAmount: number;
            /** @description Pence: total to pay for Keyfree */
            keyfreeAmount: number;
            /** @description Pence: total to pay for a cash deposit */
            cashDepositAmount: number;
            annualFeesEnabled: boolean;
            /** @description Pence: the annual fee split between tenants for tenancies over 12 months (the note shown when annualFeesEnabled) */
            annualFeeAmount: number;
            recipient: {
                id: string;
                firstName: string | null;
                /**
                 * @description This recipient's own choice, if they made the tenancy's choice
                 * @enum {string|null}
                 */
                choice: "KEYFREE" | "CASH_DEPOSIT" | null;
                rejectionReasonGiven: boolean;
            };
            chosen: components["schemas"]["KeyfreeOfferChosen"];
        };
        KeyfreeOfferAddress: {
            buildingName: string | null;
            flatNumber: string | null;
            buildingNumber: string | null;
            street: string;
            subStreet: string | null;
            town: string | null;
            county: string | null;
            postcode: string;
        };
        /** @description The tenancy's choice once made ('Your deposit option has been chosen already'); null before */
        KeyfreeOfferChosen: {
            /** @enum {string} */
            choice: "KEYFREE" | "CASH_DEPOSIT";
            /**
             * @description Whether this recipient or a co-tenant chose
             * @enum {string}
             */
            chosenBy: "YOU" | "CO_TENANT";
            chosenAt: string;
        } | null;
        KeyfreeOfferChoiceResult: components["schemas"]["KeyfreeOfferChosen"] & {
            keyfreeOfferId: string;
        };
        RespondToKeyfreeOffer: {
            /**
             * @description KEYFREE or CASH_DEPOSIT (CASHDEPOSIT is accepted too)
             * @enum {string}
             */
            choice: "KEYFREE" | "CASH_DEPOSIT" | "CASHDEPOSIT";
            /** @description The recipient's token from the offer e-mail */
            token: string;
        };
        KeyfreeOfferRejectionResult: {
            keyfreeOfferId: string;
            /** @enum {string} */
            rejectionReason: "TOO_EXPENSIVE" | "DONT_UNDERSTAND" | "NON_REFUNDABLE_FEE" | "OTHER";
            customRejectionReason: string | null;
        };
        KeyfreeOfferRejection: {
            /**
             * @description One of the listed reasons; the spellings without underscores are accepted too
             * @enum {string}
             */
            rejectionReason: "TOO_EXPENSIVE" | "DONT_UNDERSTAND" | "NON_REFUNDABLE_FEE" | "OTHER" | "TOOEXPENSIVE" | "DONTUNDERSTAND" | "NONREFUNDABLEFEE";
            /** @description Required for OTHER; at most 500 characters */
            customRejectionReason?: string | null;
            /** @description The recipient's token from the offer e-mail */
            token: string;
        };
        TenancyInventoryOutcome: {
            /**
             * @description The page to show: CONFIRMED and UNCONFIRMED the thank-you texts, ALREADY_RESPONDED /tenancy-inventory-already-responded, PREVIOUSLY_CONFIRMED /tenancy-inventory-previously-confirmed, ERROR /tenancy-inventory-error
             * @enum {string}
             */
            outcome: "CONFIRMED" | "UNCONFIRMED" | "ALREADY_RESPONDED" | "PREVIOUSLY_CONFIRMED" | "ERROR";
        };
        TenancyInventoryResponseInput: {
            /** @description The token from the e-mail link */
            token: string;
            /** @description CONFIRMED or UNCONFIRMED; any other value gives outcome ERROR */
            response: string;
        };
        TenantVacatedOutcome: {
            /**
             * @description RECORDED now (the agent or landlord is e-mailed), or ALREADY_RECORDED by an earlier visit
             * @enum {string}
             */
            outcome: "RECORDED" | "ALREADY_RECORDED";
        };
        TenantVacatedInput: {
            /** @description The token from the e-mailed move-out link */
            token: string;
        };
        PaymentIntentSecret: {
            paymentIntentSecret: string;
            paymentIntentId: string;
            /** @description Pence */
            amount: number;
            /** @enum {string} */
            currency: "gbp";
            paymentType: string;
            orderCustomerActionId: string;
            /** @description For the card form (Stripe.js) */
            publishableKey: string;
        };
        DuplicatePaymentMethodCheck: {
            isDuplicate: boolean;
            message: string | null;
        };
        PaymentCardChecks: {
            checks: {
                /** @enum {string} */
                nameMatch: "pass" | "fail" | "unchecked";
                /** @enum {string} */
                cvc: "pass" | "fail" | "unchecked";
                /** @enum {string} */
                funding: "pass" | "fail" | "unchecked";
                /** @enum {string} */
                postcode: "pass" | "fail" | "unchecked";
            };
            /** @description The spec's message for each failed check */
            failed: string[];
        };
        AddPaymentMethodResult: {
            /** @enum {string} */
            status: "succeeded" | "requires_action";
            setupIntentId: string;
            clientSecret: string | null;
        };
        SupportMessage: {
            /** @description The message's id */
            id: string;
        };
        SupportMessageRequest: {
            /**
             * @description What it is about: CHARGES ('My charges'), PAYMENT ('A payment'), PAYMENT_PLAN ('My payment plan'), KEYFREE ('My Keyfree'), OTHER ('Something else')
             * @enum {string}
             */
            topic: "CHARGES" | "PAYMENT" | "PAYMENT_PLAN" | "KEYFREE" | "OTHER";
            /** @example My payment has been processing for an hour. */
            message: string;
            /** @description The claim it is about: one the signed-in tenant answers (404 otherwise); only when signed in */
            claimId?: string;
            /** @description The Keyfree (order) it is about: one the signed-in tenant is on (404 otherwise); only when signed in */
            orderId?: string;
            /** @description The sender's name: required without signing in; when signed in the account's is used and this is ignored */
            name?: string;
            /**
             * Format: email
             * @description Where to reply: required without signing in; when signed in the account's is used and this is ignored
             * @example tenant@example.com
             */
            email?: string;
        };
        RaisedComplaint: {
            /** @example C-AB12CD34 */
            reference: string;
        };
        RaiseComplaintRequest: {
            /**
             * @description What it is about: CHARGE ('A charge'), PAYMENT ('A payment'), SERVICE ('The Keyfree service'), DATA ('Your data'), OTHER ('Something else')
             * @enum {string}
             */
            topic: "CHARGE" | "PAYMENT" | "SERVICE" | "DATA" | "OTHER";
            whatHappened: string;
            putRight: string;
            /** @description The claim it is about: one the signed-in tenant answers (404 otherwise); only when signed in */
            claimId?: string;
            /** @description The Keyfree (order) it is about: one the signed-in tenant is on (404 otherwise); only when signed in */
            orderId?: string;
            /** @description The complainant's name: required without signing in; when signed in the account's is used */
            name?: string;
            /**
             * Format: email
             * @description Where to write: required without signing in; when signed in the account's is used
             * @example tenant@example.com
             */
            email?: string;
        };
        Complaint: {
            reference: string;
            /** @enum {string} */
            topic: "CHARGE" | "PAYMENT" | "SERVICE" | "DATA" | "OTHER";
            topicLabel: string;
            /** @description What it is about, on one line: the claim's or Keyfree's property, or the topic */
            about: string;
            whatHappened: string;
            putRight: string;
            /**
             * @description ACKNOWLEDGED; RESPONDED (a holding response, not final); FINAL_RESPONSE; OVERDUE (8 weeks passed without a final response)
             * @enum {string}
             */
            status: "ACKNOWLEDGED" | "RESPONDED" | "FINAL_RESPONSE" | "OVERDUE";
            /** Format: date-time */
            raisedAt: string;
            /** Format: date-time */
            acknowledgedAt: string | null;
            /**
             * Format: date
             * @description London date: within 5 working days of raising it
             */
            acknowledgeBy: string;
            /**
             * Format: date
             * @description London date: within 8 weeks of raising it
             */
            finalResponseBy: string;
            /** Format: date-time */
            finalResponseAt: string | null;
            responses: {
                final: boolean;
                message: string;
                /** Format: date-time */
                sentAt: string;
            }[];
            /** @description Once a final response is given or 8 weeks pass without one: where to refer the complaint, and within how many months */
            ombudsman: {
                name: string;
                address: string;
                website: string;
                referWithinMonths: number;
            } | null;
        };
        SupportNeeds: {
            /** @description What the tenant has told us, with their consent; null when nothing is recorded */
            needs: {
                codes: ("MORE_TIME" | "EMAIL_ONLY" | "LARGE_PRINT" | "EASY_READ" | "HELP_FROM_SOMEONE" | "HEALTH_CONDITION" | "LIFE_EVENT")[];
                details: string | null;
                /** @description When the tenant agreed to us recording what is recorded now */
                consentedAt: string;
                updatedAt: string;
            } | null;
            /** @description The one person who helps the tenant; null when there is none */
            helper: {
                name: string;
                email: string;
                /** @enum {string|null} */
                relationship: "RELATIVE" | "PARTNER" | "FRIEND" | "CARER" | "ADVISER" | "OTHER" | null;
                /**
                 * @description PENDING: the link is e-mailed and not yet followed; EXPIRED: it ran out unused; CONFIRMED: they get copies
                 * @enum {string}
                 */
                status: "PENDING" | "EXPIRED" | "CONFIRMED";
                addedAt: string;
                confirmedAt: string | null;
                linkExpiresAt: string | null;
            } | null;
            /** @description Whether the tenant asked to be contacted by e-mail only: no text message is sent to them */
            emailOnly: boolean;
        };
        SaveSupportNeedsRequest: {
            /**
             * @description Must be true: the tenant agrees to Keyfree recording this to help support them (seen only by the team that supports tenants; removed at any time). Nothing is saved without it.
             * @enum {boolean}
             */
            consent: true;
            /**
             * @description What would help: any of MORE_TIME, EMAIL_ONLY, LARGE_PRINT, EASY_READ, HELP_FROM_SOMEONE, HEALTH_CONDITION, LIFE_EVENT
             * @default []
             */
            needs: ("MORE_TIME" | "EMAIL_ONLY" | "LARGE_PRINT" | "EASY_READ" | "HELP_FROM_SOMEONE" | "HEALTH_CONDITION" | "LIFE_EVENT")[];
            /** @description Anything else, in the tenant's own words (at most 2000 characters) */
            details?: string | null;
        };
        AddSupportHelperRequest: {
            name: string;
            /**
             * Format: email
             * @example helper@example.com
             */
            email: string;
            /** @enum {string} */
            relationship: "RELATIVE" | "PARTNER" | "FRIEND" | "CARER" | "ADVISER" | "OTHER";
            /**
             * @description Must be true: the tenant wants this person to get a copy of the e-mails about their Keyfree, claims and payments
             * @enum {boolean}
             */
            agree: true;
        };
        RemovedSupportHelper: {
            /** @description Who was removed; null when nobody was helping */
            removed: {
                name: string;
                /** @description Whether they were e-mailed that they no longer get copies (only a helper who had confirmed is) */
                told: boolean;
            } | null;
        };
        SupportHelperConfirmation: {
            /** @enum {string} */
            state: "USABLE" | "USED" | "EXPIRED" | "INVALID";
            /** @description Why the link cannot be used; null when it can */
            message: string | null;
            /** @description Whom they would help: only while the link can be used */
            tenantFirstName: string | null;
            helperName: string | null;
            linkExpiresAt: string | null;
        };
        SupportHelperConfirmed: {
            /** @description Whom they now help */
            tenantFirstName: string;
        };
        SupportHelperConfirmRequest: {
            /** @description The token from the link e-mailed to the helper */
            token: string;
        };
        CurrentBreathingSpace: {
            current: components["schemas"]["BreathingSpace"];
        };
        /** @description The tenant's Breathing Space in force, or null */
        BreathingSpace: {
            /** @description The Insolvency Service's reference, as the adviser's notice gives it */
            reference: string;
            /** @enum {string} */
            type: "STANDARD" | "MENTAL_HEALTH_CRISIS";
            /**
             * @description The London day it started, YYYY-MM-DD
             * @example 2026-11-22
             */
            startDate: string;
            /** @description Its last day (YYYY-MM-DD); null while a mental health crisis one has no end yet */
            until: string | null;
            /** @enum {string} */
            recordedBy: "TENANT" | "OPS";
        } | null;
        RecordBreathingSpaceRequest: {
            /**
             * @description The reference on the debt adviser's letter or e-mail: 3 to 40 letters, digits, spaces, hyphens and slashes
             * @example BS-2026-123456
             */
            reference: string;
            /** @enum {string} */
            type: "STANDARD" | "MENTAL_HEALTH_CRISIS";
            /**
             * @description YYYY-MM-DD: not in the future; a standard one not more than 60 days ago
             * @example 2026-11-22
             */
            startDate: string;
        };
        DataExports: {
            latest: components["schemas"]["DataExport"];
            /** @description How many days a ready export can be downloaded */
            expiryDays: number;
        };
        /** @description The tenant's latest export; null when they never asked */
        DataExport: {
            id: string;
            /**
             * @description Being prepared, ready to download (until expiresAt), expired (the file deleted), or failed (ask again)
             * @enum {string}
             */
            state: "PREPARING" | "READY" | "EXPIRED" | "FAILED";
            requestedAt: string;
            readyAt: string | null;
            expiresAt: string | null;
            /** @description The ZIP's size in bytes, once ready */
            size: number | null;
        } | null;
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginRequest"];
            };
        };
        responses: {
            /** @description Signed in, or told to reset the password */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponse"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many attempts */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    identityLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdentityLoginRequest"];
            };
        };
        responses: {
            /** @description Signed in */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdentityLoginResponse"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    checkPasswordLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordLinkRequest"];
            };
        };
        responses: {
            /** @description The link's state */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordLinkResponse"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resetPasswordRequest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetPasswordRequestRequest"];
            };
        };
        responses: {
            /** @description Sent when the account exists */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResetPasswordRequestResponse"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many attempts */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetPasswordRequest"];
            };
        };
        responses: {
            /** @description Password changed: the tenant can log in with it */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetPasswordRequest"];
            };
        };
        responses: {
            /** @description Password set and signed in */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SetPasswordResponse"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signed-in user's id */
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateUserRequest"];
            };
        };
        responses: {
            /** @description The user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    completeOnboardingIntroduction: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getNoticeSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The notice settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NoticeSettings"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateNoticeSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NoticeSettingsRequest"];
            };
        };
        responses: {
            /** @description The notice settings now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NoticeSettings"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    searchAddressesByPostcode: {
        parameters: {
            query: {
                postcode: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The addresses found */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        addresses: components["schemas"]["AddressLookupResult"][];
                    };
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The address lookup provider could not be reached or failed (the message says to try again or enter the address) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signed-in user's id */
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddressInput"];
            };
        };
        responses: {
            /** @description The address added */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Address"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An address of the signed-in user's history */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateAddressHistory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddressHistoryRequest"];
            };
        };
        responses: {
            /** @description The address history now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddressHistory"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAccountClosure: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request and what is still open */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountClosure"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    requestAccountClosure: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Asked */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountClosure"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTenancyOrdersByProductId: {
        parameters: {
            query: {
                /** @description The product an order is for */
                productId: "KEYFREE" | "CLAIM" | "TOP_UP";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenant's orders */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TenancyOrderList"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTenancyOrderById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TenancyOrder"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAmountRemaining: {
        parameters: {
            query?: {
                /** @description true for the whole order's remaining balance */
                remainingBalance?: "true" | "false";
            };
            header?: never;
            path: {
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The amount */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AmountRemaining"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dashboard */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dashboard"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTenancyOrderPayments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payments */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyfreePaymentList"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaymentReceipt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The receipt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentReceipt"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrderCustomerById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order customer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderCustomer"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    aboutYou: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
                customerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AboutYouRequest"];
            };
        };
        responses: {
            /** @description Done; the order customer as it is now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderCustomer"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addressHistory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; the order customer as it is now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderCustomer"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
                customerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfirmRequest"];
            };
        };
        responses: {
            /** @description Done; the order customer as it is now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderCustomer"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
                customerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignRequest"];
            };
        };
        responses: {
            /** @description Done; the order customer as it is now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderCustomer"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signAddendumForTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
                customerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignAddendumRequest"];
            };
        };
        responses: {
            /** @description Done; the order customer as it is now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderCustomer"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    remindOrderCoTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reminder is queued */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CoTenantReminder"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many attempts */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTenancyUserById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenancy user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TenancyUser"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reference: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reference already exists */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                    };
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReferenceId"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    findReferenceById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                referenceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reference */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reference"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getChecks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                referenceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The checks */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReferenceChecks"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addReferenceDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                referenceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["AddReferenceDocumentRequest"];
            };
        };
        responses: {
            /** @description Uploaded */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReferenceDocument"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description File type not allowed */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many attempts */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteReferenceDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                referenceId: string;
                referenceDocumentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed; the reference as it is now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reference"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readyForReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                referenceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description In review */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reference"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["CreateDocumentRequest"];
            };
        };
        responses: {
            /** @description Stored */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Document"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description File type not allowed */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many attempts */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDocumentContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, with its stored content type */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    findClaimById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The claim */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Claim"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    findManyClaimResponseDocuments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The documents */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimResponseDocumentList"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addClaimResponseDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["AddClaimResponseDocument"];
            };
        };
        responses: {
            /** @description The document */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimResponseDocument"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description File type not allowed */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many attempts */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteClaimResponseDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addClaimItemDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
                claimItemId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["AddClaimItemDocument"];
            };
        };
        responses: {
            /** @description The document */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimItemDocument"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description File type not allowed */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many attempts */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteClaimItemDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
                claimItemId: string;
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCounterProposal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClaimItemProposalInput"];
            };
        };
        responses: {
            /** @description The tenant's draft proposal */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimProposal"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateCounterProposal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
                claimItemProposalId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClaimItemProposalInput"];
            };
        };
        responses: {
            /** @description The tenant's draft proposal */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimProposal"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createClaimItemProposal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
                claimProposalId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClaimItemProposalInput"];
            };
        };
        responses: {
            /** @description The tenant's draft proposal */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimProposal"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateClaimItemProposal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
                claimProposalId: string;
                claimItemProposalId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClaimItemProposalInput"];
            };
        };
        responses: {
            /** @description The tenant's draft proposal */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimProposal"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agreeClaimProposal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
                claimProposalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The claim after the action */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Claim"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    counterClaimProposal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
                claimProposalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The claim after the action */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Claim"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    disputeClaimProposal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
                claimProposalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The claim after the action */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Claim"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    publishClaimProposal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
                claimProposalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The claim after the action */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Claim"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unpublishClaimProposal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
                claimProposalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The claim after the action */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Claim"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateTenantDisputeMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClaimDisputeMessage"];
            };
        };
        responses: {
            /** @description The claim */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Claim"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createClaimActivity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClaimActivityInput"];
            };
        };
        responses: {
            /** @description The activity */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimActivity"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateClaimResponse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
                claimRespondentId: string;
                claimResponseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClaimDisputeMessage"];
            };
        };
        responses: {
            /** @description The claim */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Claim"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMoreTime: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The claim's more time */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MoreTime"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    askForMoreTime: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AskForMoreTime"];
            };
        };
        responses: {
            /** @description The request, waiting for our answer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MoreTime"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    remindClaimCoTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
                claimRespondentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reminder is queued */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CoTenantReminder"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many attempts */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getClaimRecord: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimRecord"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRecordShares: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The links */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordShareList"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createRecordShare: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordShareInput"];
            };
        };
        responses: {
            /** @description The link */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordShareCreated"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeRecordShare: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                claimId: string;
                recordShareId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Stopped */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    openSharedRecord: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SharedRecordInput"];
            };
        };
        responses: {
            /** @description The record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SharedRecord"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getArbitrationById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                arbitrationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The arbitration */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Arbitration"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaymentPlanById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentPlanId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment plan */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentPlan"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaymentPlanPropertyAddressById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentPlanId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The property address */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentPlanPropertyAddress"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaymentPlanAction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentPlanId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The next action */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentPlanNextAction"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirmPaymentPlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentPlanId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plan, with CONFIRM done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentPlan"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentPlanId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePaymentPlanAddress"];
            };
        };
        responses: {
            /** @description The plan, with ADDRESS done and the address stored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentPlan"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSetupIntentSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentPlanId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The setup intent's client secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentPlanSetupIntentSecret"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The card payment provider could not be reached or failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateCardDetails: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentPlanId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePaymentPlanCardDetails"];
            };
        };
        responses: {
            /** @description The plan, ACTIVE, with CARD_DETAILS done and no next action */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentPlan"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The card payment provider could not be reached or failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInstalmentPaymentIntentSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentPlanId: string;
                instalmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The intent's client secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstalmentPaymentIntentSecret"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The card payment provider could not be reached or failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInstalmentById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentPlanId: string;
                instalmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The instalment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentPlanInstalment"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUserTenancyAnniversaries: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The anniversaries, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TenancyAnniversaries"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDebts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The debts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Debts"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    workOutBudget: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WorkOutBudgetRequest"];
            };
        };
        responses: {
            /** @description The budget worked out */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkedOutBudget"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPaymentPlanRequest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentPlanRequestInput"];
            };
        };
        responses: {
            /** @description The request, waiting for an answer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentPlanRequest"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getKeyfreeOffer: {
        parameters: {
            query: {
                /** @description The recipient's token from the offer e-mail */
                token: string;
            };
            header?: never;
            path: {
                keyfreeOfferId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The offer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyfreeOffer"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    respondToOffer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keyfreeOfferId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RespondToKeyfreeOffer"];
            };
        };
        responses: {
            /** @description The choice is recorded (the same answer again for a repeat of the same choice by the same recipient) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyfreeOfferChoiceResult"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addRejectionReason: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keyfreeOfferId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["KeyfreeOfferRejection"];
            };
        };
        responses: {
            /** @description The reason is recorded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyfreeOfferRejectionResult"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    respondToTenancyInventory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TenancyInventoryResponseInput"];
            };
        };
        responses: {
            /** @description What happened, as the page to show */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TenancyInventoryOutcome"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tenantVacated: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TenantVacatedInput"];
            };
        };
        responses: {
            /** @description Recorded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TenantVacatedOutcome"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    pay: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description KEYFREE, CLAIM, CLAIM_REMAINING_BALANCE, ARBITRATION_FEE, ARBITRATION, ARBITRATION_REMAINING_BALANCE, TOP_UP or CLAIM_PROPOSAL */
                    paymentType?: string;
                };
            };
        };
        responses: {
            /** @description The intent's client secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentIntentSecret"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The card payment provider could not be reached or failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    duplicatePaymentMethodCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    paymentMethodId: string;
                };
            };
        };
        responses: {
            /** @description The answer, with the spec's message when it is shared */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DuplicatePaymentMethodCheck"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The card payment provider could not be reached or failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    paymentCardChecks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orderId: string;
                customerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    paymentMethodId: string;
                    customerActionType: string;
                };
            };
        };
        responses: {
            /** @description Each check's result, and the messages of the failed ones */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentCardChecks"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The card payment provider could not be reached or failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addPaymentMethod: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    paymentMethodId: string;
                    /** @description After 3-D Secure: the setup intent this call started */
                    setupIntentId?: string;
                };
            };
        };
        responses: {
            /** @description Saved, or 3-D Secure needed first (then call again with setupIntentId) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddPaymentMethodResult"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The card payment provider could not be reached or failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    paymentFollowUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    paymentIntentId: string;
                    paymentPlanId?: string | null;
                    paymentPlanInstalmentId?: string | null;
                };
            };
        };
        responses: {
            /** @description Recorded */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendSupportMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SupportMessageRequest"];
            };
        };
        responses: {
            /** @description Sent */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SupportMessage"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many attempts */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    raiseComplaint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RaiseComplaintRequest"];
            };
        };
        responses: {
            /** @description Raised */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RaisedComplaint"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getComplaint: {
        parameters: {
            query?: {
                /** @description The token from the acknowledgement e-mail: reads the complaint without signing in */
                token?: string;
            };
            header?: never;
            path: {
                reference: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The complaint */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Complaint"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSupportNeeds: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The support needs and the helper */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SupportNeeds"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    saveSupportNeeds: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SaveSupportNeedsRequest"];
            };
        };
        responses: {
            /** @description Recorded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SupportNeeds"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    withdrawSupportNeeds: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted (or there was nothing to delete) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SupportNeeds"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addSupportHelper: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddSupportHelperRequest"];
            };
        };
        responses: {
            /** @description Added: the link is e-mailed to them */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SupportNeeds"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeSupportHelper: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed (or nobody was helping) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RemovedSupportHelper"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSupportHelperConfirmation: {
        parameters: {
            query: {
                /** @description The token from the link e-mailed to the helper */
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link's state */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SupportHelperConfirmation"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirmSupportHelper: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SupportHelperConfirmRequest"];
            };
        };
        responses: {
            /** @description Confirmed: from now on they get copies */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SupportHelperConfirmed"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBreathingSpace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenant's Breathing Space */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CurrentBreathingSpace"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    recordBreathingSpace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordBreathingSpaceRequest"];
            };
        };
        responses: {
            /** @description Recorded */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CurrentBreathingSpace"];
                };
            };
            /** @description The request is malformed or invalid, or the card payment provider refused the card (its message says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDataExports: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The latest export */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataExports"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    requestDataExport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Asked for: being prepared */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataExports"];
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDataExportContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                exportId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ZIP */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            /** @description No valid access token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
