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
        User: {
            id: string;
            email: string;
            firstName: string;
            lastName: string;
            userTypeId: string;
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
        Address: {
            id: string;
            externalId: string | null;
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
            startDate: string | null;
            endDate: string | null;
            currentlyAtAddress: boolean;
            organizationId: string | null;
        };
        Customer: {
            id: string;
            userId: string;
            hasDuplicatePaymentMethod: boolean;
            requiresNewPaymentMethod: boolean;
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
            redirectUrl: string | null;
            orderCustomer: {
                id: string;
                customerId: string;
                /** @description Pence */
                fee: number;
                tenantLiability: number;
            };
            tenancy: {
                id: string;
                /** @description Rent per month, in pence */
                PPM: number;
                startDate: string;
                endDate: string | null;
                isNewTenancy: boolean;
                property: {
                    id: string;
                    address: {
                        buildingName: string | null;
                        flatNumber: string | null;
                        buildingNumber: string | null;
                        street: string;
                        town: string | null;
                        postcode: string;
                    };
                };
            };
        };
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
            /** @description The request is malformed or invalid */
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
                    "application/json": {
                        tenancyOrders: components["schemas"]["TenancyOrder"][];
                    };
                };
            };
            /** @description The request is malformed or invalid */
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
}
