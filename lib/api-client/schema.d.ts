// Generated from the OpenAPI document (lib/openapi/document.ts) by `tsx scripts/openapi.ts generate`.
// Do not edit: change the zod schemas and regenerate. test/openapi.test.ts fails while this file is stale.
export interface paths {
    "/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get an access token
         * @description The OAuth 2.0 client credentials grant (RFC 6749 §4.4). Authenticate the client with HTTP Basic (`client_id:client_secret`) or with the form fields `client_id` and `client_secret` — one of the two, not both. Sandbox and production clients have their own credentials; the token works in the client’s environment only. Reuse a token until `expires_in` runs out.
         */
        post: operations["requestToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/offers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List offers
         * @description The calling dealer’s offers in the client’s environment, filtered, sorted and paged. Comma-separated filter values are OR-ed; a value with a leading `!` is excluded. Date filters accept a date-time or `YYYY-MM-DD` (the whole day in Europe/Berlin, as `deliveryDate`); ranges are inclusive. Unknown parameters and a `search` under 2 characters are ignored and reported in `meta.warnings` (UNKNOWN_PARAMETER, SEARCH_TOO_SHORT).
         */
        get: operations["listOffers"];
        put?: never;
        /**
         * Create an offer
         * @description Accepts an offer for asynchronous processing: the answer (202) is the offer in status `pending`. Processing later moves it to `draft` or to `rejected` with the reasons in `status.errors`; read the offer again to follow it. Unknown fields are ignored and listed in `meta.warnings` (code UNKNOWN_FIELD, with the `field` path): a typo such as `withShiping` is reported, never silently dropped.
         */
        post: operations["createOffer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/offers/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Validate an offer (dry run)
         * @description Runs the request validation, normalization and business checks of create and processing without creating anything, and answers the status object the offer would get: `draft` when valid, `rejected` with the reasons otherwise. An `externalOfferId` an active offer holds answers 409 CONFLICT, as the create would. With `offerId` (the dry run of an update of that offer, which keeps its own `externalOfferId`), an offer the dealer does not have in this environment answers 404 NOT_FOUND, as the update would.
         */
        post: operations["validateOffer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/offers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an offer
         * @description The offer as last processed, with its status object. Poll it to follow processing and the lifecycle. With `Accept: application/pdf` the answer is the offer document (PDF, in the language of `Accept-Language`): dealer, customer, bicycle, accessories with their category names, shipping, installation, total, offer number, date, status and a QR code that leads the customer to the offer’s order page (which mails the customer a link to it).
         */
        get: operations["getOffer"];
        /**
         * Update an offer
         * @description Replaces the offer’s data and resubmits it for processing (status `pending` again). Allowed in `draft` and `rejected`. externalOfferId, customerName and customerEmail cannot be changed: a different value sent is ignored and reported in `meta.warnings` (code FIELD_NOT_UPDATABLE). Unknown fields are ignored and reported too (UNKNOWN_FIELD). An update that changes nothing leaves the offer as it is — not `pending` again, not checked again — and says so (`meta.warnings` NO_CHANGE). While the offer is `pending`, an update answers 406 with `Retry-After`. With an `Idempotency-Key`, a retried update replays the first answer. To correct the customer’s name or e-mail, use PUT /v1/offers/{id}/customer.
         */
        put: operations["updateOffer"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/offers/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an offer
         * @description Cancels the offer in any status but `done` and `canceled`. Final. The input goes in the query string or in a body (JSON or form fields), each field read where it is given; a field given in both with different values answers 400. A cancel repeated with the same values answers the canceled offer (200, `meta.warnings` ALREADY_CANCELED), so a retry after a lost answer does not look failed; with an `Idempotency-Key` the first answer is replayed.
         */
        post: operations["cancelOffer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/offers/{id}/customer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Correct the customer
         * @description Corrects the customer’s name and e-mail of an offer that is not yet part of an order (`draft` or `rejected`). The update of an offer (PUT /v1/offers/{id}) leaves both as they are; this is the one way to correct them. A new e-mail puts the offer back to `pending` (its checks, such as the employer’s policy, depend on it); a new name alone keeps its status. Writes a history entry (`customer_changed`) and sends the event `offer.customer_changed`. A correction that changes nothing answers the offer as it is (`meta.warnings` NO_CHANGE). While the offer is `pending` the answer is 406 with `Retry-After`; from `order_journey_started` on, 409.
         */
        put: operations["correctOfferCustomer"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/offers/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the history of an offer
         * @description Every change of the offer, newest first: when, who (API client, portal user, operator or system) and what.
         */
        get: operations["getOfferHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/offers/{id}/customer-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the offer to its customer
         * @description Production: mails the offer’s customer a link to the offer’s page (German and English), where the customer checks it and starts and submits the order, without an account; the employer’s rules are checked there. The link is the customer’s alone: the answer says to whom and when it was sent (`sentTo`, `sentAt`), never the link. Sandbox: nobody is mailed; the answer holds the link (`url`) so the dealer can walk the customer’s pages (marked as a test), and the employer’s step is simulated with `POST /v1/sandbox/offers/{id}/advance`. Production links are counted: at most 3 per offer and 5 per recipient an hour from one dealer, and 10 per recipient an hour from all dealers together (counted with the portal’s sends and the customer’s requests from the offer document; a sub-address such as `name+1@example.com` is the recipient `name@example.com`); beyond that 429 with `Retry-After` (the ceiling across dealers says nothing of the other dealers’ sends: it waits the hour). Sandbox links count toward nothing. A new link ends the offer’s earlier one; a link also ends when the offer is changed (it must be sent again), when it is done or canceled, and after CUSTOMER_LINK_TTL_DAYS days. Possible in `draft` and `order_journey_started`. No body: one that is sent is refused (400 INVALID_REQUEST), as by every operation that reads none; `{}` and `null` pass.
         */
        post: operations["sendCustomerLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/offers/{id}/handover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record the handover of the bicycle
         * @description At the counter: the employee shows the pickup code (mailed to the employee alone in production; in the sandbox it is `order.pickupCode`, starting with its test mark TEST). The code is typed in any case, spaces and hyphens ignored. The order becomes `handed_over` and the lease runs from the first day of the month after `handedOverOn` (`leaseStart`) to the day before its term ends (`leaseEnd`); the employee receives the handover confirmation. `batterySerialNumber` is required for an e-bike (a category under 102000 or 103000). A wrong code answers 400 with `attemptsLeft`; 5 wrong codes lock it (409 PICKUP_CODE_LOCKED) until the employee asks for a new one. Recorded once: of two handovers at the same time one answers 200, the other 409 ORDER_NOT_AWAITING_HANDOVER.
         */
        post: operations["handOverOffer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/offers/{id}/invoice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the invoice of a handed-over order
         * @description After the handover, or after a rejected invoice (the corrected one; it may keep the rejected one’s number): `multipart/form-data` with `invoiceNumber` (1–40 characters), `invoiceDate` (YYYY-MM-DD, not before the handover, not in the future), `amountGross` (the offer’s totalPriceGross to the cent, a dot for the decimals) and `document` (a PDF of at most 5 MB). The order becomes `invoiced` and waits for the operator’s check. An invoice number the dealer used before in this environment (not rejected) answers 409 CONFLICT. `curl -F invoiceNumber=RE-1 -F invoiceDate=2026-06-02 -F amountGross=3693.75 -F document=@invoice.pdf`.
         */
        post: operations["submitInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/offers/{id}/invoice/document": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The invoice’s PDF
         * @description The PDF of the order’s newest invoice, as the dealer sent it. 404 before an invoice was sent.
         */
        get: operations["getInvoiceDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/offers/{id}/order/document": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The purchase order’s PDF
         * @description The purchase order the operator’s approval issued to the dealer: the operator buys the offer’s bicycle and accessories for the offer’s total (operator, dealer, offer number, positions with prices, total, order date), in the language of `Accept-Language`. 404 before the offer is `done`.
         */
        get: operations["getOrderDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/offers/accessory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List leasable accessory categories
         * @description Every leasable accessory entry. Put only accessories whose code is listed here into an offer; others are rejected.
         */
        get: operations["listAccessoryCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/offers/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List all leasable categories
         * @description Every leasable bicycle and accessory entry. With `email` of a registered employee, only the categories the employer allows.
         */
        get: operations["listCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/offers/{id}/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take the next lifecycle step (sandbox)
         * @description Sandbox clients only: moves the offer on, so an integration can meet every status. Without `to`, a pending offer is processed on the spot and a later one takes the next step on the happy path (draft → order_journey_started → employer_decision_pending → operator_decision_pending → done; done issues the purchase order with its test pickup code); with `to`, any status of `nextSteps` (rejected declines with a sandbox reason). On a done offer whose order is invoiced, the operator’s order steps: `to=approved`, `to=invoice_rejected` (with a sandbox reason) or `to=paid` (through approved, with a test payout reference).
         */
        post: operations["advanceSandboxOffer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description The dealer’s webhook endpoints in the client’s environment (never with their secrets).
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Register a webhook endpoint
         * @description Registers an endpoint for offer events of the client’s environment. Spoke POSTs each event as JSON, signed in `Spoke-Signature` with the secret of this answer (the only time it is shown). In production the URL must be https and resolve to public addresses.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description One endpoint, without its secret.
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Removes the endpoint with its deliveries.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint
         * @description Changes URL, events, description or active; fields left out stay as they are.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret
         * @description A new signing secret, shown only in this answer. The previous one keeps signing beside it (a second `v1` in Spoke-Signature) for `keepPreviousHours`, so a receiver can switch without losing events.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Sends a signed `ping` event to the endpoint now (active or paused), with the same signature, headers, URL rules and 5-second deadline as every event, and answers what happened: `delivered` (a 2xx answer), the status, or why the endpoint could not be reached. Not retried, not kept as a delivery. In the sandbox, a receiver on your own machine (`http://localhost:…`, `http://127.0.0.1:…`) is allowed where the operator allows it (WEBHOOK_SANDBOX_LOCAL; docs/webhooks.md, "Try it on your laptop").
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deliveries
         * @description The endpoint’s recent deliveries, newest first.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a delivery
         * @description One delivery with the event it sends (the body, as signed) and every attempt.
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries/{deliveryId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-send a delivery
         * @description Sends the delivery’s event again (same event id and content) at the next processor run.
         */
        post: operations["resendWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get this OpenAPI document
         * @description The OpenAPI 3.1 description of /v1. Public.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "offer.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Event offer.created
         * @description An offer was created (status pending). Answer 2xx within 5 seconds; other answers and timeouts are retried with backoff for 24 hours.
         */
        post: operations["offer_created_event"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "offer.status_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Event offer.status_changed
         * @description An offer’s status changed; `data.status` is its status object then. Answer 2xx within 5 seconds; other answers and timeouts are retried with backoff for 24 hours.
         */
        post: operations["offer_status_changed_event"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "offer.customer_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Event offer.customer_changed
         * @description The customer’s name or e-mail of an offer was corrected (PUT /v1/offers/{id}/customer); read the offer for the new values. A new e-mail puts the offer back to pending: then `oldStatus` and `newStatus` differ. Answer 2xx within 5 seconds; other answers and timeouts are retried with backoff for 24 hours.
         */
        post: operations["offer_customer_changed_event"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "offer.order_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Event offer.order_changed
         * @description The purchase order of a done offer changed its status (issued, handed over, invoiced, invoice rejected or approved, paid, canceled): `data.order` holds its old and new status; `newStatus` stays done. Read the offer for the order. Answer 2xx within 5 seconds; other answers and timeouts are retried with backoff for 24 hours.
         */
        post: operations["offer_order_changed_event"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description The form of a token request (application/x-www-form-urlencoded). */
        TokenRequest: {
            /**
             * @description Always `client_credentials`.
             * @constant
             */
            grant_type: "client_credentials";
            /**
             * @description The client id, when the client does not authenticate with HTTP Basic.
             * @example demo-sandbox
             */
            client_id?: string;
            /**
             * @description The client secret, with `client_id` (not together with HTTP Basic).
             * @example your-client-secret
             */
            client_secret?: string;
            /**
             * @description Space-separated scopes to ask for (`offers:read`, `offers:write`, `catalogue:read`, `webhooks:read`, `webhooks:write`); left out: every scope of the client.
             * @example offers:read offers:write
             */
            scope?: string;
        };
        CreateOfferBody: {
            /** @description The dealer's own offer number; unique per dealer among active offers. */
            externalOfferId: string;
            /** @description Full name of the customer. */
            customerName: string;
            /**
             * Format: email
             * @description The customer’s e-mail address (ASCII).
             */
            customerEmail: string;
            product: components["schemas"]["Product"];
            accessory: components["schemas"]["Accessory"][];
            /** @description Shipping is part of the offer (false when left out); only then does shippingCostGross count. */
            withShipping?: boolean | null;
            /** @description Gross shipping cost; counts in totalPriceGross only with shipping. Sent without `withShipping: true` it is not kept, and `meta.warnings` says so (SHIPPING_COST_IGNORED). */
            shippingCostGross?: number | null;
            installationCostGross?: number | null;
            deliveryDate?: string | null;
            notes?: string | null;
        };
        /** @description The bicycle of the offer. */
        Product: {
            /**
             * @description Six-digit product-classification code.
             * @example 102020
             */
            bidexCode: string;
            brandName?: string | null;
            modelName?: string | null;
            modelYear?: string | null;
            color?: string | null;
            size?: string | null;
            driveManufacturer?: string | null;
            batteryCapacity?: string | null;
            priceGross?: number | null;
            listPriceGross?: number | null;
        };
        /** @description An accessory; its code must be in the leasable accessory catalogue. */
        Accessory: {
            /**
             * @description Six-digit product-classification code.
             * @example 102020
             */
            bidexCode: string;
            brandName?: string | null;
            modelName?: string | null;
            priceGross?: number | null;
            listPriceGross?: number | null;
        };
        /** @description Replaces the offer’s data. externalOfferId, customerName and customerEmail cannot be changed and are ignored. */
        UpdateOfferBody: {
            product: components["schemas"]["Product"];
            accessory: components["schemas"]["Accessory"][];
            /** @description Shipping is part of the offer (false when left out); only then does shippingCostGross count. */
            withShipping?: boolean | null;
            /** @description Gross shipping cost; counts in totalPriceGross only with shipping. Sent without `withShipping: true` it is not kept, and `meta.warnings` says so (SHIPPING_COST_IGNORED). */
            shippingCostGross?: number | null;
            installationCostGross?: number | null;
            deliveryDate?: string | null;
            notes?: string | null;
        };
        /** @description The cancel’s input as a body (optional): the same fields as the query parameters. */
        CancelOfferBody: {
            /**
             * @description Why the offer is canceled.
             * @enum {string}
             */
            cancelReason?: "customer_wants_different_bicycle" | "not_deliverable" | "delivery_date_cannot_be_met" | "manufacturer_recall" | "other";
            /** @description A free-text note beside the reason (at most 500 characters), e.g. for `other`; kept in the offer and its history. */
            cancelNote?: string;
            /** @description Whether the employee asked to be contacted (default false). */
            contactFromEmployeeRequested?: boolean;
        };
        /** @description The customer of the offer, corrected: both fields, as they should read. */
        OfferCustomerBody: {
            /** @description Full name of the customer. */
            customerName: string;
            /**
             * Format: email
             * @description The customer’s e-mail address (ASCII).
             */
            customerEmail: string;
        };
        /** @description The handover at the counter, confirmed with the employee’s pickup code. */
        HandoverRequest: {
            /**
             * @description The employee’s pickup code, as the employee shows it (case, spaces and hyphens do not matter).
             * @example K7PM-3XQD
             */
            pickupCode: string;
            /**
             * @description The bicycle’s frame number: 4–30 letters, digits and hyphens.
             * @example WBK-2026-04711
             */
            frameNumber: string;
            /**
             * @description The battery’s serial number: required for an e-bike (a category under 102000 or 103000).
             * @example BO-750-8812345
             */
            batterySerialNumber?: string;
            /**
             * Format: date
             * @description The day of the handover (YYYY-MM-DD, Europe/Berlin): not in the future, not before the approval. Default: today.
             * @example 2026-05-28
             */
            handedOverOn?: string;
        };
        /** @description The invoice: its fields and the PDF, as multipart/form-data. */
        InvoiceForm: {
            /**
             * @description The dealer’s invoice number, 1–40 characters; once per dealer and environment (a rejected invoice’s number may be sent again).
             * @example RE-2026-0815
             */
            invoiceNumber: string;
            /**
             * Format: date
             * @description The invoice’s date (YYYY-MM-DD): not before the handover, not in the future.
             * @example 2026-06-02
             */
            invoiceDate: string;
            /**
             * @description The gross amount in euros with a dot for the decimals: the offer’s totalPriceGross, to the cent.
             * @example 3693.75
             */
            amountGross: string;
            /**
             * Format: binary
             * @description The invoice as a PDF, at most 5 MB (checked by its content).
             */
            document: string;
        };
        CreateWebhookBody: {
            /**
             * @description Where events are POSTed. https in production; private, loopback and link-local addresses are refused there.
             * @example https://erp.example.com/spoke/webhooks
             */
            url: string;
            /** @description The events to receive; all events when left out. */
            events?: components["schemas"]["WebhookEventType"][];
            description?: string | null;
            /** @description Whether events are sent to it (default true). */
            active?: boolean;
        };
        /**
         * @description An event a webhook endpoint can receive.
         * @enum {string}
         */
        WebhookEventType: "offer.created" | "offer.status_changed" | "offer.customer_changed" | "offer.order_changed";
        /** @description The fields to change; fields left out stay as they are. */
        UpdateWebhookBody: {
            /**
             * @description Where events are POSTed. https in production; private, loopback and link-local addresses are refused there.
             * @example https://erp.example.com/spoke/webhooks
             */
            url?: string;
            /** @description The events to receive. */
            events?: components["schemas"]["WebhookEventType"][];
            /** @description A note; null removes it. */
            description?: string | null;
            /** @description false pauses deliveries (events are still recorded and sent when it is active again, within their 24-hour window). */
            active?: boolean;
        };
        /** @description An access token (RFC 6749 §5.1). */
        TokenResponse: {
            /** @description The access token (a signed JWT); send it as `Authorization: Bearer <token>`. */
            access_token: string;
            /** @constant */
            token_type: "Bearer";
            /**
             * @description Seconds until the token expires; reuse it until then.
             * @example 3600
             */
            expires_in: number;
            /**
             * @description The scopes granted, space-separated.
             * @example offers:read offers:write catalogue:read
             */
            scope: string;
        };
        /** @description An error of the token endpoint (RFC 6749 §5.2); see /docs/errors#oauth. */
        OAuthError: {
            /**
             * @description The RFC 6749 §5.2 error code.
             * @enum {string}
             */
            error: "invalid_request" | "invalid_client" | "unsupported_grant_type" | "invalid_scope" | "slow_down";
            /** @description What was wrong, in English. */
            error_description: string;
        };
        /** @description A page of offers. With `fields`, each item holds only the named fields and `id`: the other properties of Offer are left out. */
        OfferList: {
            data: components["schemas"]["OfferRead"][];
            meta: components["schemas"]["OfferListMeta"];
        };
        /** @description An offer as read: the whole Offer without `fields`; with `fields` only the named top-level fields and `id` (OfferFields). */
        OfferRead: components["schemas"]["Offer"] | components["schemas"]["OfferFields"];
        /** @description An offer as last processed. Null fields are omitted. */
        Offer: {
            /**
             * Format: uuid
             * @description The offer id.
             * @example 5f0c7a52-1d0e-4f51-9c86-2b1f6f3e8a10
             */
            id: string;
            /**
             * @description Spoke’s offer number.
             * @example SPK-100001
             */
            offerNumber: string;
            /** @description The dealer’s own offer number. */
            externalOfferId: string;
            /** @description The customer’s full name. An anonymised or restricted offer (see personalData) answers the marker "Anonymised" / "anonymised@spoke.invalid" instead. */
            customerName: string;
            /** @description The customer’s e-mail address. An anonymised or restricted offer (see personalData) answers the marker "Anonymised" / "anonymised@spoke.invalid" instead. */
            customerEmail: string;
            product: components["schemas"]["OfferProduct"];
            accessory: components["schemas"]["OfferAccessory"][];
            withShipping: boolean;
            /**
             * @description Gross amount in euros, at most two decimals.
             * @example 2499
             */
            shippingCostGross?: number;
            /**
             * @description Gross amount in euros, at most two decimals.
             * @example 2499
             */
            installationCostGross?: number;
            /**
             * Format: date-time
             * @description Expected delivery, ISO 8601 date-time (UTC).
             */
            deliveryDate?: string;
            notes?: string;
            /**
             * @description Bicycle + accessories + shipping (only when withShipping is true) + installation, gross, at most two decimals: the sum of the positions every document of the offer lists.
             * @example 3693.75
             */
            totalPriceGross: number;
            /** @description Present when the customer is registered with an employer (by customerEmail); absent otherwise — such a customer cannot order yet. */
            leaseTerms?: components["schemas"]["LeaseTerms"];
            /** @description Present once the offer is done: the purchase order the operator’s approval issued to the dealer, its handover, invoice and payment. The offer’s status stays done. */
            order?: components["schemas"]["Order"];
            /**
             * @description The environment of the client that created the offer.
             * @enum {string}
             */
            environment: "sandbox" | "production";
            status: components["schemas"]["OfferStatus"];
            /**
             * @description Present once canceled, when a reason was given.
             * @enum {string}
             */
            cancelReason?: "customer_wants_different_bicycle" | "not_deliverable" | "delivery_date_cannot_be_met" | "manufacturer_recall" | "other";
            /** @description Present once canceled, when a note was given beside the reason. */
            cancelNote?: string;
            /** @description Present once canceled. */
            contactFromEmployeeRequested?: boolean;
            /**
             * Format: date-time
             * @description When the offer was created.
             * @example 2026-05-04T08:15:30.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the offer last changed.
             * @example 2026-05-04T08:15:30.000Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @description When the status last changed.
             * @example 2026-05-04T08:15:30.000Z
             */
            statusChangedAt: string;
            personalData?: components["schemas"]["OfferPersonalData"];
        };
        /** @description The bicycle as accepted (normalized; remapped codes applied). */
        OfferProduct: {
            /**
             * @description Six-digit product-classification code.
             * @example 102020
             */
            bidexCode: string;
            brandName?: string;
            modelName?: string;
            modelYear?: string;
            color?: string;
            size?: string;
            driveManufacturer?: string;
            batteryCapacity?: string;
            /**
             * @description Gross amount in euros, at most two decimals.
             * @example 2499
             */
            priceGross?: number;
            /**
             * @description Gross amount in euros, at most two decimals.
             * @example 2499
             */
            listPriceGross?: number;
        };
        /** @description An accessory as accepted. */
        OfferAccessory: {
            /**
             * @description Six-digit product-classification code.
             * @example 102020
             */
            bidexCode: string;
            brandName?: string;
            modelName?: string;
            /**
             * @description Gross amount in euros, at most two decimals.
             * @example 2499
             */
            priceGross?: number;
            /**
             * @description Gross amount in euros, at most two decimals.
             * @example 2499
             */
            listPriceGross?: number;
        };
        /** @description The lease under the terms of the employer the customer is registered with: before submission the employer’s current terms, from submission on the terms kept with the order. */
        LeaseTerms: {
            /**
             * @description The lease term in months.
             * @example 36
             */
            termMonths: number;
            /**
             * @description The leasing rate per month, in percent of totalPriceGross.
             * @example 3.15
             */
            leasingFactorPercent: number;
            /**
             * @description The leasing rate per month, gross: totalPriceGross × leasingFactorPercent / 100. Euros, at most two decimals (rounded to the cent, half up).
             * @example 116.35
             */
            monthlyRateGross: number;
            /**
             * @description Insurance and service per month: totalPriceGross × the employer’s insurance percentage / 100. Euros, at most two decimals (rounded to the cent, half up).
             * @example 14.78
             */
            insuranceMonthly: number;
            /**
             * @description What the employer pays towards the rate each month: its fixed subsidy, at most monthlyRateGross. Euros, at most two decimals (rounded to the cent, half up).
             * @example 30
             */
            employerSubsidyMonthly: number;
            /**
             * @description The employer’s insurance and service percentage, per month of totalPriceGross (insuranceMonthly is computed from it). Absent in terms kept before it was answered.
             * @example 0.4
             */
            insurancePercent?: number;
            /**
             * @description The employer’s fixed subsidy per month as agreed, in euros (employerSubsidyMonthly is it, capped at monthlyRateGross). Absent in terms kept before it was answered.
             * @example 30
             */
            employerSubsidyAgreedMonthly?: number;
            /**
             * @description What the employee pays per month, gross: monthlyRateGross + insuranceMonthly − employerSubsidyMonthly. Euros, at most two decimals (rounded to the cent, half up).
             * @example 101.13
             */
            employeeMonthlyGross: number;
            /**
             * @description The taxable benefit in kind per month (0.25 % rule): 1 % of a quarter of benefitBasis, the quarter rounded down to full 100 €. Euros, at most two decimals (rounded to the cent, half up).
             * @example 9
             */
            taxableBenefitMonthly: number;
            /**
             * @description The basis of the taxable benefit: the bicycle’s list price (else its price) plus each accessory’s list price (else its price). Euros, at most two decimals (rounded to the cent, half up).
             * @example 3858.85
             */
            benefitBasis: number;
        };
        /** @description The purchase order the operator’s approval issued: the operator buys the bicycle for the offer’s totalPriceGross. Present once the offer is done. */
        Order: {
            status: components["schemas"]["OrderStatus"];
            /**
             * Format: date-time
             * @description When the employee’s current pickup code was issued.
             * @example 2026-05-20T09:12:00.000Z
             */
            pickupCodeSentAt?: string;
            /**
             * @description Sandbox offers only: the pickup code, marked as a test by its first four characters TEST, so the dealer can record a handover (POST /v1/offers/{id}/handover). A production code is mailed to the employee alone and never part of an answer.
             * @example TEST-3XQD
             */
            pickupCode?: string;
            /**
             * Format: date
             * @description The day of the handover (YYYY-MM-DD, Europe/Berlin).
             * @example 2026-05-28
             */
            handedOverOn?: string;
            /**
             * @description The bicycle’s frame number, as recorded at the handover.
             * @example WBK-2026-04711
             */
            frameNumber?: string;
            /**
             * @description The battery’s serial number (e-bikes).
             * @example BO-750-8812345
             */
            batterySerialNumber?: string;
            /**
             * Format: date
             * @description The lease’s first day: the first day of the month after the handover (YYYY-MM-DD, Europe/Berlin).
             * @example 2026-06-01
             */
            leaseStart?: string;
            /**
             * Format: date
             * @description The lease’s last day: the day before termMonths months after leaseStart (YYYY-MM-DD, Europe/Berlin).
             * @example 2029-05-31
             */
            leaseEnd?: string;
            /** @description Present when canceled: why, as the operator wrote it. */
            cancelReason?: string;
            invoice?: components["schemas"]["OrderInvoice"];
        };
        /**
         * @description Where the purchase order stands: awaiting_handover (the employee has a pickup code), handed_over, invoiced (the dealer’s invoice waits for the operator’s check), invoice_rejected (to correct), approved (waits for the next payout), paid, canceled (withdrawn before the handover).
         * @enum {string}
         */
        OrderStatus: "awaiting_handover" | "handed_over" | "invoiced" | "invoice_rejected" | "approved" | "paid" | "canceled";
        /** @description The dealer’s newest invoice of the order. */
        OrderInvoice: {
            /**
             * @description The dealer’s invoice number.
             * @example RE-2026-0815
             */
            invoiceNumber: string;
            /**
             * Format: date
             * @description The invoice’s date (YYYY-MM-DD, Europe/Berlin).
             * @example 2026-06-02
             */
            invoiceDate: string;
            /**
             * @description The invoiced gross amount in euros: the offer’s totalPriceGross.
             * @example 3693.75
             */
            amountGross: number;
            /**
             * @description submitted (waits for the check), rejected, approved, paid.
             * @enum {string}
             */
            status: "submitted" | "rejected" | "approved" | "paid";
            /** @description Present when rejected: why; send a corrected invoice. */
            errors?: components["schemas"]["InvoiceRejection"][];
            /**
             * Format: date
             * @description When the invoice was paid (YYYY-MM-DD, Europe/Berlin).
             * @example 2026-06-15
             */
            paidOn?: string;
            /**
             * @description The payout’s reference on the bank transfer.
             * @example SPK-PAY-2026-0007
             */
            payoutReference?: string;
        };
        /** @description One reason of a refused invoice. */
        InvoiceRejection: {
            /**
             * @description Why the invoice was refused; clients must tolerate new codes.
             * @enum {string}
             */
            code: "INVOICE_AMOUNT_WRONG" | "INVOICE_RECIPIENT_WRONG" | "INVOICE_FRAME_NUMBER_MISSING" | "INVOICE_DOCUMENT_UNREADABLE" | "INVOICE_DATE_WRONG" | "INVOICE_OTHER";
            /** @description The reason in the language of Accept-Language, with the operator’s words when given. */
            message: string;
            translations: components["schemas"]["Translations"];
        };
        /** @description The message in every supported language, keyed by language code. */
        Translations: {
            de: string;
            en: string;
        };
        /** @description The status object: the record of the offer lifecycle. */
        OfferStatus: {
            current: components["schemas"]["StatusStep"];
            /** @description Exactly the statuses reachable from the current one in one step. */
            nextSteps: components["schemas"]["StatusStep"][];
            /** @description What must be fixed before processing can continue (the reasons of `rejected`). */
            errors: components["schemas"]["StatusMessage"][];
            /** @description Informational messages, for example normalized text; usually no action needed. */
            infos: components["schemas"]["StatusMessage"][];
        };
        /** @description A status: the current one or one that may follow. */
        StatusStep: {
            code: components["schemas"]["OfferStatusCode"];
            /** @description The text in the language of Accept-Language (English by default). */
            message: string;
            translations: components["schemas"]["Translations"];
            /** @description On each of `nextSteps`: who takes that step. */
            actor?: components["schemas"]["StepActor"];
        };
        /**
         * @description A status of the offer lifecycle.
         * @enum {string}
         */
        OfferStatusCode: "pending" | "draft" | "order_journey_started" | "employer_decision_pending" | "operator_decision_pending" | "done" | "canceled" | "rejected";
        /** @description Who acts to take a next step. */
        StepActor: {
            /**
             * @description Who takes the step: processing (Spoke itself), dealer, customer (through the dealer’s link), employer (its HR staff), operator, dealer_or_operator.
             * @enum {string}
             */
            code: "processing" | "dealer" | "customer" | "employer" | "operator" | "dealer_or_operator";
            /** @description The text in the language of Accept-Language (English by default). */
            message: string;
            translations: components["schemas"]["Translations"];
        };
        /** @description An error to fix or an info to show. */
        StatusMessage: {
            /**
             * @description Machine-readable code. Codes in use: PRODUCT_NOT_LEASABLE, ACCESSORY_NOT_LEASABLE, CATEGORY_NOT_ALLOWED, MISSING_PRODUCT_DATA, PRODUCT_PRICE_ZERO, PRICE_ABOVE_LIST_PRICE, TEXT_NORMALIZED, BIDEX_CODE_REMAPPED, EXTERNAL_ID_ALREADY_USED, EXTERNAL_ID_IN_USE, INTERNAL_SERVER_ERROR, EMPLOYER_DECLINED, OPERATOR_DECLINED; clients must tolerate new ones.
             * @example ACCESSORY_NOT_LEASABLE
             */
            code: string;
            /** @description The request field it is about, for example `accessory[1].bidexCode`. */
            field?: string;
            /** @description The text in the language of Accept-Language (English by default). */
            message: string;
            translations: components["schemas"]["Translations"];
            /**
             * Format: uri
             * @description The entry of this code in the error reference (`/docs/errors#<code>`): its cause and what to do.
             * @example https://spoke.example/docs/errors#PRICE_ABOVE_LIST_PRICE
             */
            docs?: string;
        };
        /** @description Present only on an offer whose customer data was anonymised or is restricted (docs/privacy.md). */
        OfferPersonalData: {
            /**
             * @description anonymised: the customer’s data was replaced by the markers for good (after the retention period, or on the customer’s request). restricted: the customer asked for erasure, but the concluded order is kept under the statutory retention duty until retainedUntil; it is shown without the customer’s data and left out of searches and exports.
             * @enum {string}
             */
            state: "anonymised" | "restricted";
            /**
             * Format: date-time
             * @description When the offer was anonymised or restricted.
             * @example 2026-05-04T08:15:30.000Z
             */
            since: string;
            /**
             * @description Why a restricted offer is kept: commercial_retention — a concluded contract’s records are kept for the commercial and tax retention periods (§ 257 HGB, § 147 AO; Art. 17(3)(b) GDPR).
             * @enum {string}
             */
            reason?: "commercial_retention";
            /**
             * Format: date-time
             * @description When a restricted offer’s retention period ends and it is anonymised.
             * @example 2026-05-04T08:15:30.000Z
             */
            retainedUntil?: string;
        };
        /** @description An offer read with `fields`: only the named top-level fields, and `id`. */
        OfferFields: {
            /**
             * Format: uuid
             * @description The offer id.
             * @example 5f0c7a52-1d0e-4f51-9c86-2b1f6f3e8a10
             */
            id: string;
            /**
             * @description Spoke’s offer number.
             * @example SPK-100001
             */
            offerNumber?: string;
            /** @description The dealer’s own offer number. */
            externalOfferId?: string;
            /** @description The customer’s full name. An anonymised or restricted offer (see personalData) answers the marker "Anonymised" / "anonymised@spoke.invalid" instead. */
            customerName?: string;
            /** @description The customer’s e-mail address. An anonymised or restricted offer (see personalData) answers the marker "Anonymised" / "anonymised@spoke.invalid" instead. */
            customerEmail?: string;
            product?: components["schemas"]["OfferProduct"];
            accessory?: components["schemas"]["OfferAccessory"][];
            withShipping?: boolean;
            /**
             * @description Gross amount in euros, at most two decimals.
             * @example 2499
             */
            shippingCostGross?: number;
            /**
             * @description Gross amount in euros, at most two decimals.
             * @example 2499
             */
            installationCostGross?: number;
            /**
             * Format: date-time
             * @description Expected delivery, ISO 8601 date-time (UTC).
             */
            deliveryDate?: string;
            notes?: string;
            /**
             * @description Bicycle + accessories + shipping (only when withShipping is true) + installation, gross, at most two decimals: the sum of the positions every document of the offer lists.
             * @example 3693.75
             */
            totalPriceGross?: number;
            /** @description Present when the customer is registered with an employer (by customerEmail); absent otherwise — such a customer cannot order yet. */
            leaseTerms?: components["schemas"]["LeaseTerms"];
            /** @description Present once the offer is done: the purchase order the operator’s approval issued to the dealer, its handover, invoice and payment. The offer’s status stays done. */
            order?: components["schemas"]["Order"];
            /**
             * @description The environment of the client that created the offer.
             * @enum {string}
             */
            environment?: "sandbox" | "production";
            status?: components["schemas"]["OfferStatus"];
            /**
             * @description Present once canceled, when a reason was given.
             * @enum {string}
             */
            cancelReason?: "customer_wants_different_bicycle" | "not_deliverable" | "delivery_date_cannot_be_met" | "manufacturer_recall" | "other";
            /** @description Present once canceled, when a note was given beside the reason. */
            cancelNote?: string;
            /** @description Present once canceled. */
            contactFromEmployeeRequested?: boolean;
            /**
             * Format: date-time
             * @description When the offer was created.
             * @example 2026-05-04T08:15:30.000Z
             */
            createdAt?: string;
            /**
             * Format: date-time
             * @description When the offer last changed.
             * @example 2026-05-04T08:15:30.000Z
             */
            updatedAt?: string;
            /**
             * Format: date-time
             * @description When the status last changed.
             * @example 2026-05-04T08:15:30.000Z
             */
            statusChangedAt?: string;
            personalData?: components["schemas"]["OfferPersonalData"];
        };
        /** @description Paging and sorting of an offer list. */
        OfferListMeta: {
            /** @description The current page, from 1. */
            page: number;
            /** @description The next page, or null on the last page. */
            nextPage: number | null;
            /** @description The previous page, or null on the first page. */
            previousPage: number | null;
            /** @description Items per page. */
            perPage: number;
            /** @description The number of items on all pages. */
            totalCount: number;
            /** @description What the request held that was ignored: unknown fields and parameters, fields an update does not change, a search term too short to apply. Absent when nothing was ignored. */
            warnings?: components["schemas"]["Warning"][];
            /** @enum {string} */
            sortBy: "createdAt" | "statusChangedAt" | "status" | "externalOfferId" | "customerEmail" | "customerName" | "totalPriceGross" | "offerNumber" | "productName";
            /** @enum {string} */
            order: "asc" | "desc";
        };
        /** @description Something of the request that was ignored; the request succeeded without it. */
        Warning: {
            /**
             * @description Machine-readable warning code; clients must tolerate new ones.
             * @enum {string}
             */
            code: "UNKNOWN_FIELD" | "UNKNOWN_PARAMETER" | "FIELD_NOT_UPDATABLE" | "SHIPPING_COST_IGNORED" | "NO_CHANGE" | "ALREADY_CANCELED" | "LANGUAGE_NOT_SUPPORTED" | "SEARCH_TOO_SHORT";
            /** @description The body field that was ignored (for example `product.colour`). */
            field?: string;
            /** @description The query parameter that was ignored. */
            parameter?: string;
            /** @description What was ignored and why, in the language of Accept-Language. */
            message: string;
            translations: components["schemas"]["Translations"];
            /**
             * Format: uri
             * @description The entry of this code in the error reference (`/docs/errors#<code>`).
             */
            docs?: string;
        };
        /** @description Every error answer: one or more errors, also for a single one. */
        ErrorBody: {
            errors: components["schemas"]["Error"][];
        };
        Error: {
            code: components["schemas"]["ErrorCode"];
            /** @description Human-readable description, in the language of Accept-Language (English by default). */
            message: string;
            /** @description The offending field path (for example `accessory[1].bidexCode`) or further information. */
            details?: string;
            /**
             * Format: uuid
             * @description On 409 CONFLICT for a duplicate externalOfferId: the id of the active offer that holds it.
             */
            offerId?: string;
            /**
             * Format: uuid
             * @description On 409 CONFLICT for a duplicate webhook URL: the id of the endpoint registered with it.
             */
            webhookId?: string;
            /**
             * @description On 400 PICKUP_CODE_INVALID: the tries left before the pickup code locks (0: the next try answers 409 PICKUP_CODE_LOCKED).
             * @example 4
             */
            attemptsLeft?: number;
            /**
             * @description On 400 INVOICE_AMOUNT_MISMATCH: the amount expected, the offer’s totalPriceGross.
             * @example 3693.75
             */
            expectedAmountGross?: number;
            translations: components["schemas"]["Translations"];
            /**
             * Format: uri
             * @description The entry of this code in the error reference (`/docs/errors#<code>`): its cause and how to fix it.
             * @example https://spoke.example/docs/errors#OFFER_NOT_MODIFIABLE
             */
            docs?: string;
        };
        /**
         * @description Machine-readable error code. Each response lists the codes it can carry.
         * @enum {string}
         */
        ErrorCode: "INVALID_REQUEST" | "MISSING_PARAMETER" | "INVALID_PARAMETER" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "OFFER_IS_BEING_PROCESSED" | "CONFLICT" | "OFFER_NOT_MODIFIABLE" | "IDEMPOTENCY_KEY_REUSED" | "IDEMPOTENCY_KEY_IN_USE" | "ORDER_NOT_ALLOWED" | "TOO_MANY_REQUESTS" | "INTERNAL_SERVER_ERROR" | "SERVICE_UNAVAILABLE" | "ORDER_NOT_AWAITING_HANDOVER" | "ORDER_NOT_INVOICEABLE" | "INVOICE_NOT_OPEN" | "PICKUP_CODE_INVALID" | "PICKUP_CODE_LOCKED" | "PICKUP_CODE_EXPIRED" | "INVOICE_AMOUNT_MISMATCH";
        /** @description One offer. */
        OfferResponse: {
            data: components["schemas"]["Offer"];
            meta: components["schemas"]["EmptyMeta"];
        };
        /** @description No metadata but the warnings, when something was ignored; always an object. */
        EmptyMeta: {
            /** @description What the request held that was ignored: unknown fields and parameters, fields an update does not change, a search term too short to apply. Absent when nothing was ignored. */
            warnings?: components["schemas"]["Warning"][];
        };
        /** @description The outcome of a dry run. */
        OfferValidationResponse: {
            data: components["schemas"]["OfferValidation"];
            meta: components["schemas"]["EmptyMeta"];
        };
        /** @description The status object the offer would get. */
        OfferValidation: {
            /** @description True when the offer would be accepted (draft); false when it would be rejected. */
            valid: boolean;
            status: components["schemas"]["OfferStatus"];
        };
        /** @description One offer as read (with `fields`: only the named fields and `id`). */
        OfferReadResponse: {
            data: components["schemas"]["OfferRead"];
            meta: components["schemas"]["EmptyMeta"];
        };
        /** @description A page of the offer’s history, newest first. */
        HistoryList: {
            data: components["schemas"]["HistoryEntry"][];
            meta: components["schemas"]["PageMeta"];
        };
        /** @description One change of an offer. */
        HistoryEntry: {
            /** @description Increases with every change. */
            id: number;
            /**
             * Format: date-time
             * @description When the change happened.
             * @example 2026-05-04T08:15:30.000Z
             */
            occurredAt: string;
            actor: components["schemas"]["HistoryActor"];
            /**
             * @description What happened: created, updated, processed, canceled, reprocess (the operator sent the offer for checking again), customer_link_sent (the offer was sent to its customer; no status change), or a lifecycle step (start_order, submit_order, employer_approve, employer_decline, operator_approve, operator_decline; an operator taking the customer’s or the employer’s step for them is named in `changes` as onBehalfOf with onBehalfReason). New actions may be added.
             * @example processed
             */
            action: string;
            fromStatus?: components["schemas"]["OfferStatusCode"];
            toStatus?: components["schemas"]["OfferStatusCode"];
            /** @description The changed fields with old and new values. */
            changes: components["schemas"]["FieldChange"][];
        };
        /** @description Who made the change. */
        HistoryActor: {
            /**
             * @description An API client, a portal user, the operator, the system (processing), the customer (through the dealer’s link) or a member of the employer’s HR staff.
             * @enum {string}
             */
            type: "client" | "user" | "operator" | "system" | "customer" | "employer";
            /** @description The client id, user id or system component; for the customer, the id of the link used. */
            id?: string;
            name?: string;
        };
        FieldChange: {
            /** @example product.priceGross */
            field: string;
            /** @description The value before; absent when there was none. */
            old?: unknown;
            /** @description The value after; absent when there is none. */
            new?: unknown;
        };
        /** @description Paging and sorting of a collection. */
        PageMeta: {
            /** @description The current page, from 1. */
            page: number;
            /** @description The next page, or null on the last page. */
            nextPage: number | null;
            /** @description The previous page, or null on the first page. */
            previousPage: number | null;
            /** @description Items per page. */
            perPage: number;
            /** @description The number of items on all pages. */
            totalCount: number;
            /** @description What the request held that was ignored: unknown fields and parameters, fields an update does not change, a search term too short to apply. Absent when nothing was ignored. */
            warnings?: components["schemas"]["Warning"][];
            /**
             * @description What the items are sorted by (fixed for this collection).
             * @example createdAt
             */
            sortBy: string;
            /**
             * @description The sort order (fixed for this collection).
             * @enum {string}
             */
            order: "asc" | "desc";
        };
        /** @description The link sent. */
        CustomerLinkResponse: {
            data: components["schemas"]["CustomerLink"];
            meta: components["schemas"]["EmptyMeta"];
        };
        /** @description A link to the offer: in production mailed to its customer (“sent on … to …”), in the sandbox given to the dealer. */
        CustomerLink: {
            /**
             * Format: uuid
             * @description The offer sent.
             */
            offerId: string;
            /** @description true in production: the link was mailed to the customer, and only to them. false in the sandbox: nobody is mailed; the link is in `url`. */
            mailed: boolean;
            /** @description The customer e-mail the link is for (mailed to it in production). */
            sentTo: string;
            /**
             * Format: date-time
             * @description When the link was sent.
             */
            sentAt: string;
            /**
             * Format: date-time
             * @description When the link stops working at the latest (CUSTOMER_LINK_TTL_DAYS after sending).
             */
            expiresAt: string;
            /**
             * Format: uri
             * @description Sandbox offers only: the customer’s link to the offer, so the dealer can walk the customer’s pages (Spoke keeps its hash). A production link is the customer’s alone and never part of an answer.
             */
            url?: string;
        };
        /** @description The leasable accessory categories. */
        AccessoryCatalogue: {
            data: components["schemas"]["CategoryEntry"][];
            meta: components["schemas"]["AccessoryCatalogueMeta"];
        };
        /** @description A leasable bicycle or accessory category. */
        CategoryEntry: {
            /**
             * @description Six-digit product-classification code.
             * @example 102020
             */
            bidexCode: string;
            /** @description The name in the requested language. */
            name: string;
            /** @description The names from the top category down to this entry, in the requested language. */
            categoryPath: string[];
            /** @enum {string} */
            kind: "bicycle" | "accessory";
            /** @description True on operator-specific entries outside the standard classification. */
            SpokeExtension: boolean;
        };
        AccessoryCatalogueMeta: {
            /**
             * @description The language of the names.
             * @enum {string}
             */
            lang: "de" | "en";
            totalCount: number;
            /** @description What the request held that was ignored: unknown fields and parameters, fields an update does not change, a search term too short to apply. Absent when nothing was ignored. */
            warnings?: components["schemas"]["Warning"][];
        };
        /** @description All leasable bicycle and accessory categories. */
        Categories: {
            data: components["schemas"]["CategoryTree"];
            meta: components["schemas"]["CategoriesMeta"];
        };
        CategoryTree: {
            bicycles: components["schemas"]["CategoryEntry"][];
            accessories: components["schemas"]["CategoryEntry"][];
        };
        CategoriesMeta: {
            /**
             * @description The language of the names.
             * @enum {string}
             */
            lang: "de" | "en";
            /** @description True when `email` named a registered employee and the entries are restricted to what the employer allows. */
            restrictedForEmployee: boolean;
            /** @description The number of entries: bicycles and accessories together. */
            totalCount: number;
            /** @description What the request held that was ignored: unknown fields and parameters, fields an update does not change, a search term too short to apply. Absent when nothing was ignored. */
            warnings?: components["schemas"]["Warning"][];
        };
        /** @description A page of webhook endpoints. */
        WebhookEndpointList: {
            data: components["schemas"]["WebhookEndpoint"][];
            meta: components["schemas"]["PageMeta"];
        };
        /** @description A registered webhook endpoint. Its secret is shown only on registration and rotation. */
        WebhookEndpoint: {
            /** Format: uuid */
            id: string;
            /** @example https://erp.example.com/spoke/webhooks */
            url: string;
            description?: string;
            /** @description The events it receives. */
            events: components["schemas"]["WebhookEventTypeName"][];
            /** @description Whether events are sent to it. */
            active: boolean;
            /** @enum {string} */
            environment: "sandbox" | "production";
            /**
             * Format: date-time
             * @description When it was registered.
             * @example 2026-05-04T08:15:32.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it last changed.
             * @example 2026-05-04T08:15:32.000Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @description While a rotated-out secret still signs beside the new one: until when.
             * @example 2026-05-04T08:15:32.000Z
             */
            previousSecretExpiresAt?: string;
            health: components["schemas"]["WebhookEndpointHealth"];
        };
        /**
         * @description The type of an event; clients must tolerate new ones.
         * @enum {string}
         */
        WebhookEventTypeName: "offer.created" | "offer.status_changed" | "offer.customer_changed" | "offer.order_changed";
        /** @description How deliveries to the endpoint are going, and when it is tried next. */
        WebhookEndpointHealth: {
            /**
             * @description healthy; failing (its last attempts failed; each delivery is retried with its own backoff); backing_off (after 3 or more failures in a row nothing is sent to it until `nextAttemptAt`: 5 s doubling to 10 min); disabled (inactive: failing for 3 days, or switched off — nothing is sent until it is active again).
             * @enum {string}
             */
            state: "healthy" | "failing" | "backing_off" | "disabled";
            /** @description Failed attempts since the last delivered one. */
            consecutiveFailures: number;
            /**
             * Format: date-time
             * @description When the current run of failures began.
             * @example 2026-05-04T08:15:32.000Z
             */
            failingSince?: string;
            /**
             * Format: date-time
             * @description backing_off: when the endpoint is tried again.
             * @example 2026-05-04T08:15:32.000Z
             */
            nextAttemptAt?: string;
            /**
             * Format: date-time
             * @description disabled after failing: when.
             * @example 2026-05-04T08:15:32.000Z
             */
            disabledAt?: string;
        };
        /** @description A webhook endpoint with its new secret. */
        WebhookEndpointWithSecretResponse: {
            data: components["schemas"]["WebhookEndpointWithSecret"];
            meta: components["schemas"]["EmptyMeta"];
        };
        /** @description A webhook endpoint with its new signing secret. */
        WebhookEndpointWithSecret: {
            /** Format: uuid */
            id: string;
            /** @example https://erp.example.com/spoke/webhooks */
            url: string;
            description?: string;
            /** @description The events it receives. */
            events: components["schemas"]["WebhookEventTypeName"][];
            /** @description Whether events are sent to it. */
            active: boolean;
            /** @enum {string} */
            environment: "sandbox" | "production";
            /**
             * Format: date-time
             * @description When it was registered.
             * @example 2026-05-04T08:15:32.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it last changed.
             * @example 2026-05-04T08:15:32.000Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @description While a rotated-out secret still signs beside the new one: until when.
             * @example 2026-05-04T08:15:32.000Z
             */
            previousSecretExpiresAt?: string;
            health: components["schemas"]["WebhookEndpointHealth"];
            /** @description The signing secret (HMAC-SHA256 key of Spoke-Signature). Shown only in this answer: store it now. */
            secret: string;
        };
        /** @description One webhook endpoint. */
        WebhookEndpointResponse: {
            data: components["schemas"]["WebhookEndpoint"];
            meta: components["schemas"]["EmptyMeta"];
        };
        /** @description The outcome of a test event. */
        WebhookTestResultResponse: {
            data: components["schemas"]["WebhookTestResult"];
            meta: components["schemas"]["EmptyMeta"];
        };
        /** @description What happened to the test event: sent now, not retried, not kept as a delivery. */
        WebhookTestResult: {
            event: components["schemas"]["WebhookPingEvent"];
            /** @description Whether the endpoint answered 2xx within 5 seconds. */
            delivered: boolean;
            url: string;
            durationMs: number;
            /** @description The HTTP status the endpoint answered. */
            responseStatus?: number;
            /** @description Why there was no answer (refused address, timeout, connection refused, TLS, ...). */
            error?: string;
            /** @description The start of the answer body. */
            responseExcerpt?: string;
        };
        /** @description The test event (POST /v1/webhooks/{id}/test): signed and sent like every event, about no offer. Answer it 2xx like any event. */
        WebhookPingEvent: {
            /**
             * Format: uuid
             * @description The event id (also in Spoke-Event-ID); new for every test.
             */
            id: string;
            /** @constant */
            type: "ping";
            /**
             * Format: date-time
             * @description When the test was sent.
             * @example 2026-05-04T08:15:32.000Z
             */
            occurredAt: string;
            /** @enum {string} */
            environment: "sandbox" | "production";
            data: components["schemas"]["WebhookPingData"];
        };
        WebhookPingData: {
            /**
             * Format: uuid
             * @description The endpoint tested.
             */
            webhookId: string;
            message: string;
        };
        /** @description A page of deliveries, newest first. */
        WebhookDeliveryList: {
            data: components["schemas"]["WebhookDelivery"][];
            meta: components["schemas"]["PageMeta"];
        };
        /** @description One event for one endpoint, with its delivery state. */
        WebhookDelivery: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description The event sent (Spoke-Event-ID); the same on a resend, so receivers can de-duplicate.
             */
            eventId: string;
            eventType: components["schemas"]["WebhookEventTypeName"];
            /** Format: uuid */
            offerId: string;
            offerNumber: string;
            /**
             * @description pending (due or retrying), delivered (a 2xx answer) or failed (retries exhausted).
             * @enum {string}
             */
            status: "pending" | "delivered" | "failed";
            attempts: number;
            /**
             * Format: date-time
             * @description When the event was recorded.
             * @example 2026-05-04T08:15:32.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it is tried next (pending only): not before its endpoint’s backoff ends; absent while the endpoint is inactive.
             * @example 2026-05-04T08:15:32.000Z
             */
            nextAttemptAt?: string;
            /**
             * Format: date-time
             * @description When it was last tried.
             * @example 2026-05-04T08:15:32.000Z
             */
            lastAttemptAt?: string;
            /** @description The HTTP status of the last attempt. */
            lastResponseStatus?: number;
            /** @description Why the last attempt failed without an HTTP answer (timeout, refused, ...). */
            lastError?: string;
            /**
             * Format: date-time
             * @description When a 2xx answer arrived.
             * @example 2026-05-04T08:15:32.000Z
             */
            deliveredAt?: string;
            /**
             * Format: uuid
             * @description The delivery this one re-sends.
             */
            resendOf?: string;
        };
        /** @description One delivery in detail. */
        WebhookDeliveryDetailResponse: {
            data: components["schemas"]["WebhookDeliveryDetail"];
            meta: components["schemas"]["EmptyMeta"];
        };
        /** @description A delivery with the event it sends and every attempt. */
        WebhookDeliveryDetail: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description The event sent (Spoke-Event-ID); the same on a resend, so receivers can de-duplicate.
             */
            eventId: string;
            eventType: components["schemas"]["WebhookEventTypeName"];
            /** Format: uuid */
            offerId: string;
            offerNumber: string;
            /**
             * @description pending (due or retrying), delivered (a 2xx answer) or failed (retries exhausted).
             * @enum {string}
             */
            status: "pending" | "delivered" | "failed";
            attempts: number;
            /**
             * Format: date-time
             * @description When the event was recorded.
             * @example 2026-05-04T08:15:32.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it is tried next (pending only): not before its endpoint’s backoff ends; absent while the endpoint is inactive.
             * @example 2026-05-04T08:15:32.000Z
             */
            nextAttemptAt?: string;
            /**
             * Format: date-time
             * @description When it was last tried.
             * @example 2026-05-04T08:15:32.000Z
             */
            lastAttemptAt?: string;
            /** @description The HTTP status of the last attempt. */
            lastResponseStatus?: number;
            /** @description Why the last attempt failed without an HTTP answer (timeout, refused, ...). */
            lastError?: string;
            /**
             * Format: date-time
             * @description When a 2xx answer arrived.
             * @example 2026-05-04T08:15:32.000Z
             */
            deliveredAt?: string;
            /**
             * Format: uuid
             * @description The delivery this one re-sends.
             */
            resendOf?: string;
            event: components["schemas"]["WebhookEvent"];
            attemptLog: components["schemas"]["WebhookAttempt"][];
        };
        /** @description The JSON body of an event POSTed to an endpoint. */
        WebhookEvent: {
            /**
             * Format: uuid
             * @description The event id (also in Spoke-Event-ID).
             */
            id: string;
            type: components["schemas"]["WebhookEventTypeName"];
            /**
             * Format: date-time
             * @description When the change happened.
             * @example 2026-05-04T08:15:32.000Z
             */
            occurredAt: string;
            /** @enum {string} */
            environment: "sandbox" | "production";
            data: components["schemas"]["WebhookEventData"];
        };
        WebhookEventData: {
            /** Format: uuid */
            offerId: string;
            externalOfferId: string;
            offerNumber: string;
            /** @description The status before (absent on offer.created). */
            oldStatus?: components["schemas"]["OfferStatusCode"];
            newStatus: components["schemas"]["OfferStatusCode"];
            status: components["schemas"]["OfferStatus"];
            order?: components["schemas"]["WebhookOrderChange"];
        };
        /** @description offer.order_changed only: the purchase order’s status change. */
        WebhookOrderChange: {
            /** @description The order’s status before (absent when the approval issued it). */
            oldStatus?: components["schemas"]["OrderStatus"];
            newStatus: components["schemas"]["OrderStatus"];
        };
        /** @description One attempt to deliver. */
        WebhookAttempt: {
            attempt: number;
            url: string;
            /**
             * Format: date-time
             * @description When the attempt started.
             * @example 2026-05-04T08:15:32.000Z
             */
            startedAt: string;
            durationMs: number;
            responseStatus?: number;
            error?: string;
            /** @description The start of the answer body. */
            responseExcerpt?: string;
        };
        /** @description One delivery. */
        WebhookDeliveryResponse: {
            data: components["schemas"]["WebhookDelivery"];
            meta: components["schemas"]["EmptyMeta"];
        };
        OpenApiDocument: {
            openapi: string;
            info: {
                [key: string]: unknown;
            };
            paths: {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
    };
    responses: never;
    parameters: {
        /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
        SpokeRequestIdParam: string;
        /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
        AcceptLanguage: string;
        /** @description An ETag of an earlier answer: 304 without a body while the representation is unchanged. */
        IfNoneMatch: string;
        /** @description Makes the write safe to retry (every POST, PUT and PATCH): the same key with the same request replays the first success (`Spoke-Idempotent-Replayed: true`) — a webhook secret shown once is shown again, a mail or a step is not repeated; the same key with another request answers 409 IDEMPOTENCY_KEY_REUSED, and a retry while the first request still runs 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Keys are kept 24 hours per dealer and environment; an error is not kept (a retry runs again). 1 to 255 visible ASCII characters, no spaces (a UUID serves well). */
        IdempotencyKey: string;
        /** @description The offer id (UUID). A malformed id answers 400. */
        OfferId: string;
        /** @description The webhook endpoint id (UUID). */
        WebhookId: string;
        /** @description The delivery id (UUID). */
        DeliveryId: string;
    };
    requestBodies: never;
    headers: {
        /** @description Seconds to wait before retrying. */
        "Retry-After": string;
        /** @description The request id: the one the client sent in Spoke-Request-ID (when valid), else a new one. Quote it in support requests. */
        "Spoke-Request-ID": string;
        /** @description Cache policy of the answer. */
        "Cache-Control": string;
        /** @description Entity tag of the representation; send it as If-None-Match to get 304 while it is unchanged. */
        ETag: string;
        /** @description Requests allowed per minute for the client. */
        "RateLimit-Limit": string;
        /** @description Requests left in the current window. */
        "RateLimit-Remaining": string;
        /** @description Seconds until the window resets. */
        "RateLimit-Reset": string;
        /** @description The bearer challenge (RFC 6750); for an expired token with `error_description="The access token expired"`: request a new one. */
        "WWW-Authenticate": string;
        /** @description The methods this path offers. */
        Allow: string;
        /** @description The path of the created resource. */
        Location: string;
        /** @description Seconds until the next processing run is due (at least 1): retry the change then. */
        ProcessingRetryAfter: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    requestToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["TokenRequest"];
            };
        };
        responses: {
            /** @description The access token. */
            200: {
                headers: {
                    /** @description Tokens are never cached. */
                    "Cache-Control": "no-store";
                    Pragma: "no-cache";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenResponse"];
                };
            };
            /**
             * @description Bad request. Errors:
             *     - `invalid_request`: the body is not a form, a field is missing or repeated, HTTP Basic and form credentials are mixed, or the Authorization header is malformed.
             *     - `unsupported_grant_type`: `grant_type` is not `client_credentials`.
             *     - `invalid_scope`: `scope` names a scope the client does not have.
             */
            400: {
                headers: {
                    /** @description Tokens are never cached. */
                    "Cache-Control": "no-store";
                    Pragma: "no-cache";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /**
             * @description Client authentication failed. Errors:
             *     - `invalid_client`: the client id or secret is wrong, or the client is disabled.
             */
            401: {
                headers: {
                    /** @description Tokens are never cached. */
                    "Cache-Control": "no-store";
                    Pragma: "no-cache";
                    /** @description The Basic challenge. */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /**
             * @description Too many requests. Errors:
             *     - `slow_down`: too many token requests, or too many failed authentications, from this address; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    /** @description Tokens are never cached. */
                    "Cache-Control": "no-store";
                    Pragma: "no-cache";
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
        };
    };
    listOffers: {
        parameters: {
            query?: {
                /** @description Created at or after (date-time, or YYYY-MM-DD for the whole day in Europe/Berlin). */
                creationDateFrom?: string;
                /** @description Created at or before (date-time, or YYYY-MM-DD for the whole day in Europe/Berlin). */
                creationDateTo?: string;
                /** @description Status last changed at or after (date-time, or YYYY-MM-DD for the whole day in Europe/Berlin). */
                statusChangedDateFrom?: string;
                /** @description Status last changed at or before (date-time, or YYYY-MM-DD for the whole day in Europe/Berlin). */
                statusChangedDateTo?: string;
                /** @description Comma-separated statuses; a leading ! excludes one. Values: pending, draft, order_journey_started, employer_decision_pending, operator_decision_pending, done, canceled, rejected. */
                status?: string;
                /** @description Comma-separated external ids; a leading ! excludes one. */
                externalOfferId?: string;
                /** @description Comma-separated customer e-mails (case-insensitive, each a whole address: a value that is no e-mail address answers 400); a leading ! excludes one. */
                email?: string;
                /** @description Comma-separated offer numbers; a leading ! excludes one. The prefix may be left out: 100302 finds SPK-100302. */
                offerNumber?: string;
                /** @description Comma-separated statuses of the purchase order of a done offer; a leading ! excludes one (offers without an order pass an exclusion). Values: awaiting_handover, handed_over, invoiced, invoice_rejected, approved, paid, canceled. The dealer’s work: awaiting_handover (to hand over), handed_over (to invoice), invoice_rejected (to correct), paid. */
                orderStatus?: string;
                /** @description Case-insensitive partial match over customer name, offer number, brand and model; ignored under 2 characters (the answer then says so in `meta.warnings`, code SEARCH_TOO_SHORT). */
                search?: string;
                /** @description Page number, from 1. */
                page?: number;
                /** @description Items per page, 1 to 100. */
                perPage?: number;
                /** @description Sort key; statusChangedAt sorts by when the status last changed, productName by brand, then model. Ties sort by id. */
                sortBy?: "createdAt" | "statusChangedAt" | "status" | "externalOfferId" | "customerEmail" | "customerName" | "totalPriceGross" | "offerNumber" | "productName";
                /** @description Sort order. */
                order?: "asc" | "desc";
                /** @description Comma-separated top-level fields of each offer; id is always included. */
                fields?: string;
            };
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
                /** @description An ETag of an earlier answer: 304 without a body while the representation is unchanged. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of offers. */
            200: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfferList"];
                };
            };
            /** @description Not modified: If-None-Match named the current ETag. No body. */
            304: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_PARAMETER`: a parameter is invalid: an unknown status, a bad date, an unknown sortBy, order or field name, page or perPage out of range.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope offers:read.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createOffer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
                /** @description Makes the write safe to retry (every POST, PUT and PATCH): the same key with the same request replays the first success (`Spoke-Idempotent-Replayed: true`) — a webhook secret shown once is shown again, a mail or a step is not repeated; the same key with another request answers 409 IDEMPOTENCY_KEY_REUSED, and a retry while the first request still runs 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Keys are kept 24 hours per dealer and environment; an error is not kept (a retry runs again). 1 to 255 visible ASCII characters, no spaces (a UUID serves well). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The offer: one bicycle and its accessories. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOfferBody"];
            };
        };
        responses: {
            /** @description Accepted for processing; the offer is `pending`. */
            202: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Location: components["headers"]["Location"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Spoke-Idempotent-Replayed"?: "true" | "false";
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfferResponse"];
                };
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_REQUEST`: malformed JSON, a content type other than application/json, or a body over 256 KiB.
             *     - `MISSING_PARAMETER`: a required field is missing (`details` names it).
             *     - `INVALID_PARAMETER`: a field has the wrong type, format or range (`details` names it), or the Idempotency-Key is malformed.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope offers:write.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Codes:
             *     - `IDEMPOTENCY_KEY_REUSED`: the Idempotency-Key was already used with a different body.
             *     - `IDEMPOTENCY_KEY_IN_USE`: the first request with this Idempotency-Key is still running; retry after `Retry-After` seconds to get its answer.
             *     - `CONFLICT`: `externalOfferId` is held by an active offer of the dealer; `offerId` names that offer (and `details` its offer number).
             */
            409: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    validateOffer: {
        parameters: {
            query?: {
                /** @description The dry run of an update of this offer (an id of yours): its own externalOfferId is no conflict. */
                offerId?: string;
            };
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
                /** @description Makes the write safe to retry (every POST, PUT and PATCH): the same key with the same request replays the first success (`Spoke-Idempotent-Replayed: true`) — a webhook secret shown once is shown again, a mail or a step is not repeated; the same key with another request answers 409 IDEMPOTENCY_KEY_REUSED, and a retry while the first request still runs 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Keys are kept 24 hours per dealer and environment; an error is not kept (a retry runs again). 1 to 255 visible ASCII characters, no spaces (a UUID serves well). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The offer as it would be created. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOfferBody"];
            };
        };
        responses: {
            /** @description The outcome: valid, and the status object the offer would get. */
            200: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Spoke-Idempotent-Replayed"?: "true" | "false";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfferValidationResponse"];
                };
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_REQUEST`: malformed JSON, a content type other than application/json, or a body over 256 KiB.
             *     - `MISSING_PARAMETER`: a required field is missing (`details` names it).
             *     - `INVALID_PARAMETER`: a value has the wrong type, format or range (`details` names the field).
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope offers:write.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Not found. Codes:
             *     - `NOT_FOUND`: `offerId` names no offer of the dealer in this environment.
             */
            404: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Codes:
             *     - `IDEMPOTENCY_KEY_REUSED`: the Idempotency-Key was already used with a different request.
             *     - `IDEMPOTENCY_KEY_IN_USE`: the first request with this Idempotency-Key is still running; retry after `Retry-After` seconds to get its answer.
             *     - `CONFLICT`: `externalOfferId` is held by an active offer of the dealer, as a create would answer; `offerId` names that offer.
             */
            409: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getOffer: {
        parameters: {
            query?: {
                /** @description Comma-separated top-level fields of each offer; id is always included. */
                fields?: string;
            };
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
                /** @description An ETag of an earlier answer: 304 without a body while the representation is unchanged. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description The offer id (UUID). A malformed id answers 400. */
                id: components["parameters"]["OfferId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The offer. With `fields`, `data` holds only the named fields and `id`: the other properties of Offer are left out. */
            200: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfferReadResponse"];
                    "application/pdf": string;
                };
            };
            /** @description Not modified: If-None-Match named the current ETag. No body. */
            304: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_PARAMETER`: the id is not a UUID, or `fields` names an unknown field.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope offers:read.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Not found. Codes:
             *     - `NOT_FOUND`: no offer with this id for the calling dealer in this environment.
             */
            404: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    updateOffer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
                /** @description Makes the write safe to retry (every POST, PUT and PATCH): the same key with the same request replays the first success (`Spoke-Idempotent-Replayed: true`) — a webhook secret shown once is shown again, a mail or a step is not repeated; the same key with another request answers 409 IDEMPOTENCY_KEY_REUSED, and a retry while the first request still runs 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Keys are kept 24 hours per dealer and environment; an error is not kept (a retry runs again). 1 to 255 visible ASCII characters, no spaces (a UUID serves well). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The offer id (UUID). A malformed id answers 400. */
                id: components["parameters"]["OfferId"];
            };
            cookie?: never;
        };
        /** @description The offer’s new data. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateOfferBody"];
            };
        };
        responses: {
            /** @description Accepted for processing; the offer is `pending` (or, when nothing changed, as it was, with the warning NO_CHANGE). */
            202: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Spoke-Idempotent-Replayed"?: "true" | "false";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfferResponse"];
                };
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_REQUEST`: malformed JSON, a content type other than application/json, or a body over 256 KiB.
             *     - `MISSING_PARAMETER`: a required field is missing (`details` names it).
             *     - `INVALID_PARAMETER`: the id is not a UUID, a field has the wrong type, format or range (`details` names it), or the Idempotency-Key is malformed.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope offers:write.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Not found. Codes:
             *     - `NOT_FOUND`: no offer with this id for the calling dealer in this environment.
             */
            404: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Not acceptable now. Codes:
             *     - `OFFER_IS_BEING_PROCESSED`: an earlier change of the offer is not processed yet (status pending); retry after `Retry-After` seconds (when the next processing run is due).
             */
            406: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["ProcessingRetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Codes:
             *     - `IDEMPOTENCY_KEY_REUSED`: the Idempotency-Key was already used with a different request.
             *     - `IDEMPOTENCY_KEY_IN_USE`: the first request with this Idempotency-Key is still running; retry after `Retry-After` seconds to get its answer.
             *     - `OFFER_NOT_MODIFIABLE`: the offer is in order_journey_started or later, or final; `details` names its status and what may be done instead.
             *     - `CONFLICT`: `externalOfferId` is now held by another active offer of the dealer; `offerId` names that offer (and `details` its offer number).
             */
            409: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    cancelOffer: {
        parameters: {
            query?: {
                /** @description Why the offer is canceled. */
                cancelReason?: "customer_wants_different_bicycle" | "not_deliverable" | "delivery_date_cannot_be_met" | "manufacturer_recall" | "other";
                /** @description A free-text note beside the reason (at most 500 characters), e.g. for `other`; kept in the offer and its history. */
                cancelNote?: string;
                /** @description Whether the employee asked to be contacted (default false). */
                contactFromEmployeeRequested?: boolean;
            };
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
                /** @description Makes the write safe to retry (every POST, PUT and PATCH): the same key with the same request replays the first success (`Spoke-Idempotent-Replayed: true`) — a webhook secret shown once is shown again, a mail or a step is not repeated; the same key with another request answers 409 IDEMPOTENCY_KEY_REUSED, and a retry while the first request still runs 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Keys are kept 24 hours per dealer and environment; an error is not kept (a retry runs again). 1 to 255 visible ASCII characters, no spaces (a UUID serves well). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The offer id (UUID). A malformed id answers 400. */
                id: components["parameters"]["OfferId"];
            };
            cookie?: never;
        };
        /** @description Optional: the same fields as the query parameters. */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CancelOfferBody"];
                "application/x-www-form-urlencoded": components["schemas"]["CancelOfferBody"];
            };
        };
        responses: {
            /** @description The canceled offer. */
            200: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Spoke-Idempotent-Replayed"?: "true" | "false";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfferResponse"];
                };
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_REQUEST`: the body is neither JSON nor form fields, is not an object, or is over 256 KiB.
             *     - `MISSING_PARAMETER`: a required field is missing (`details` names it).
             *     - `INVALID_PARAMETER`: the id is not a UUID, a parameter or field has an unknown value, a field is given in the query and the body with different values, or the Idempotency-Key is malformed.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope offers:write.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Not found. Codes:
             *     - `NOT_FOUND`: no offer with this id for the calling dealer in this environment.
             */
            404: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Codes:
             *     - `IDEMPOTENCY_KEY_REUSED`: the Idempotency-Key was already used with a different request.
             *     - `IDEMPOTENCY_KEY_IN_USE`: the first request with this Idempotency-Key is still running; retry after `Retry-After` seconds to get its answer.
             *     - `OFFER_NOT_MODIFIABLE`: the offer is done, or canceled with other values; `details` names its status and what may be done instead.
             */
            409: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    correctOfferCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
                /** @description Makes the write safe to retry (every POST, PUT and PATCH): the same key with the same request replays the first success (`Spoke-Idempotent-Replayed: true`) — a webhook secret shown once is shown again, a mail or a step is not repeated; the same key with another request answers 409 IDEMPOTENCY_KEY_REUSED, and a retry while the first request still runs 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Keys are kept 24 hours per dealer and environment; an error is not kept (a retry runs again). 1 to 255 visible ASCII characters, no spaces (a UUID serves well). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The offer id (UUID). A malformed id answers 400. */
                id: components["parameters"]["OfferId"];
            };
            cookie?: never;
        };
        /** @description The customer as they should read. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["OfferCustomerBody"];
            };
        };
        responses: {
            /** @description The offer with its corrected customer. */
            200: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Spoke-Idempotent-Replayed"?: "true" | "false";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfferResponse"];
                };
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_REQUEST`: malformed JSON, a content type other than application/json, or a body over 256 KiB.
             *     - `MISSING_PARAMETER`: a required field is missing (`details` names it).
             *     - `INVALID_PARAMETER`: the id is not a UUID, a field has the wrong type or format (`details` names it), or the Idempotency-Key is malformed.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope offers:write.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Not found. Codes:
             *     - `NOT_FOUND`: no offer with this id for the calling dealer in this environment.
             */
            404: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Not acceptable now. Codes:
             *     - `OFFER_IS_BEING_PROCESSED`: an earlier change of the offer is not processed yet (status pending); retry after `Retry-After` seconds (when the next processing run is due).
             */
            406: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["ProcessingRetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Codes:
             *     - `IDEMPOTENCY_KEY_REUSED`: the Idempotency-Key was already used with a different request.
             *     - `IDEMPOTENCY_KEY_IN_USE`: the first request with this Idempotency-Key is still running; retry after `Retry-After` seconds to get its answer.
             *     - `OFFER_NOT_MODIFIABLE`: the offer is in order_journey_started or later, or final; `details` names its status.
             */
            409: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getOfferHistory: {
        parameters: {
            query?: {
                page?: number;
                perPage?: number;
            };
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
                /** @description An ETag of an earlier answer: 304 without a body while the representation is unchanged. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description The offer id (UUID). A malformed id answers 400. */
                id: components["parameters"]["OfferId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of history entries. */
            200: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HistoryList"];
                };
            };
            /** @description Not modified: If-None-Match named the current ETag. No body. */
            304: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_PARAMETER`: the id is not a UUID, or page or perPage is out of range.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope offers:read.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Not found. Codes:
             *     - `NOT_FOUND`: no offer with this id for the calling dealer in this environment.
             */
            404: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    sendCustomerLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
                /** @description Makes the write safe to retry (every POST, PUT and PATCH): the same key with the same request replays the first success (`Spoke-Idempotent-Replayed: true`) — a webhook secret shown once is shown again, a mail or a step is not repeated; the same key with another request answers 409 IDEMPOTENCY_KEY_REUSED, and a retry while the first request still runs 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Keys are kept 24 hours per dealer and environment; an error is not kept (a retry runs again). 1 to 255 visible ASCII characters, no spaces (a UUID serves well). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The offer id (UUID). A malformed id answers 400. */
                id: components["parameters"]["OfferId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link sent: in production mailed to the customer; in the sandbox given in `url`. */
            201: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Spoke-Idempotent-Replayed"?: "true" | "false";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerLinkResponse"];
                };
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_REQUEST`: a request body was sent, which this operation does not read (its input goes in the query string).
             *     - `INVALID_PARAMETER`: the id is not a UUID.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope offers:write.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Not found. Codes:
             *     - `NOT_FOUND`: no offer with this id for the calling dealer in this environment.
             */
            404: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Codes:
             *     - `IDEMPOTENCY_KEY_REUSED`: the Idempotency-Key was already used with a different request.
             *     - `IDEMPOTENCY_KEY_IN_USE`: the first request with this Idempotency-Key is still running; retry after `Retry-After` seconds to get its answer.
             *     - `OFFER_NOT_MODIFIABLE`: the offer is not in draft or order_journey_started; `details` names its status.
             */
            409: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: 3 links were sent for the offer, 5 by the dealer to its customer’s address, or 10 to that address by all dealers, in the last hour; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    handOverOffer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
                /** @description Makes the write safe to retry (every POST, PUT and PATCH): the same key with the same request replays the first success (`Spoke-Idempotent-Replayed: true`) — a webhook secret shown once is shown again, a mail or a step is not repeated; the same key with another request answers 409 IDEMPOTENCY_KEY_REUSED, and a retry while the first request still runs 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Keys are kept 24 hours per dealer and environment; an error is not kept (a retry runs again). 1 to 255 visible ASCII characters, no spaces (a UUID serves well). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The offer id (UUID). A malformed id answers 400. */
                id: components["parameters"]["OfferId"];
            };
            cookie?: never;
        };
        /** @description The pickup code and what was handed over. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["HandoverRequest"];
            };
        };
        responses: {
            /** @description The offer with its order handed over. */
            200: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Spoke-Idempotent-Replayed"?: "true" | "false";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfferResponse"];
                };
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_REQUEST`: malformed JSON, a content type other than application/json, or a body over 256 KiB.
             *     - `MISSING_PARAMETER`: a required field is missing, or `batterySerialNumber` for an e-bike (`details` names it).
             *     - `INVALID_PARAMETER`: the id is not a UUID, `frameNumber` is not 4–30 letters, digits and hyphens, or `handedOverOn` is not a day, lies in the future or before the approval (`details` names the field).
             *     - `PICKUP_CODE_INVALID`: the code is not the employee’s current one; `attemptsLeft` says how many tries are left.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope offers:write.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Not found. Codes:
             *     - `NOT_FOUND`: no offer with this id for the calling dealer in this environment.
             */
            404: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Codes:
             *     - `IDEMPOTENCY_KEY_REUSED`: the Idempotency-Key was already used with a different request.
             *     - `IDEMPOTENCY_KEY_IN_USE`: A request with this Idempotency-Key is still in progress; retry after Retry-After to get its answer.
             *     - `PICKUP_CODE_LOCKED`: the code was typed wrong 5 times.
             *     - `PICKUP_CODE_EXPIRED`: the code is older than 90 days.
             *     - `ORDER_NOT_AWAITING_HANDOVER`: the offer has no order awaiting its handover (not done, handed over already, or canceled).
             */
            409: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    submitInvoice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
                /** @description Makes the write safe to retry (every POST, PUT and PATCH): the same key with the same request replays the first success (`Spoke-Idempotent-Replayed: true`) — a webhook secret shown once is shown again, a mail or a step is not repeated; the same key with another request answers 409 IDEMPOTENCY_KEY_REUSED, and a retry while the first request still runs 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Keys are kept 24 hours per dealer and environment; an error is not kept (a retry runs again). 1 to 255 visible ASCII characters, no spaces (a UUID serves well). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The offer id (UUID). A malformed id answers 400. */
                id: components["parameters"]["OfferId"];
            };
            cookie?: never;
        };
        /** @description The invoice’s fields and its PDF. */
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["InvoiceForm"];
            };
        };
        responses: {
            /** @description The offer with its order invoiced. */
            201: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Spoke-Idempotent-Replayed"?: "true" | "false";
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfferResponse"];
                };
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_REQUEST`: the body is not multipart/form-data, or is over 6 MB.
             *     - `MISSING_PARAMETER`: a required field is missing (`details` names it).
             *     - `INVALID_PARAMETER`: the id is not a UUID, a field has the wrong form, `invoiceDate` lies in the future or before the handover, or `document` is not a PDF or larger than 5 MB (`details` names the field).
             *     - `INVOICE_AMOUNT_MISMATCH`: `amountGross` is not the offer’s totalPriceGross; `expectedAmountGross` names it.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope offers:write.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Not found. Codes:
             *     - `NOT_FOUND`: no offer with this id for the calling dealer in this environment.
             */
            404: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Codes:
             *     - `IDEMPOTENCY_KEY_REUSED`: the Idempotency-Key was already used with a different request.
             *     - `IDEMPOTENCY_KEY_IN_USE`: A request with this Idempotency-Key is still in progress; retry after Retry-After to get its answer.
             *     - `ORDER_NOT_INVOICEABLE`: the order is not handed over (or its invoice rejected): before the handover, while an invoice waits for its check, or after it was approved.
             *     - `CONFLICT`: the dealer used `invoiceNumber` before in this environment for an invoice that was not rejected.
             */
            409: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getInvoiceDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
            };
            path: {
                /** @description The offer id (UUID). A malformed id answers 400. */
                id: components["parameters"]["OfferId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice as PDF. */
            200: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_PARAMETER`: the id is not a UUID.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope offers:read.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Not found. Codes:
             *     - `NOT_FOUND`: no such offer for the dealer in this environment, or no invoice yet.
             */
            404: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getOrderDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
            };
            path: {
                /** @description The offer id (UUID). A malformed id answers 400. */
                id: components["parameters"]["OfferId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The purchase order as PDF. */
            200: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_PARAMETER`: the id is not a UUID.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope offers:read.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Not found. Codes:
             *     - `NOT_FOUND`: no such offer for the dealer in this environment, or no order yet (the offer is not done).
             */
            404: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listAccessoryCategories: {
        parameters: {
            query?: {
                /** @description Language of the names (de or en); German when unavailable, which `meta.warnings` then says (LANGUAGE_NOT_SUPPORTED). */
                lang?: string;
            };
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The accessory categories. */
            200: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessoryCatalogue"];
                };
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_PARAMETER`: lang is too long.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope catalogue:read.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listCategories: {
        parameters: {
            query?: {
                /** @description Language of the names (de or en); German when unavailable, which `meta.warnings` then says (LANGUAGE_NOT_SUPPORTED). */
                lang?: string;
                /** @description An employee's e-mail: restricts the categories to those the employer allows, if the employee is registered. */
                email?: string;
            };
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The categories. */
            200: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Categories"];
                };
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_PARAMETER`: email is not an e-mail address, or lang is too long.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope catalogue:read.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    advanceSandboxOffer: {
        parameters: {
            query?: {
                /** @description A status of nextSteps; without it, the next status on the happy path. On a done offer whose order is invoiced, an order status the operator gives: approved, paid (through approved) or invoice_rejected. */
                to?: "pending" | "draft" | "order_journey_started" | "employer_decision_pending" | "operator_decision_pending" | "done" | "canceled" | "rejected" | "approved" | "paid" | "invoice_rejected";
            };
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
                /** @description Makes the write safe to retry (every POST, PUT and PATCH): the same key with the same request replays the first success (`Spoke-Idempotent-Replayed: true`) — a webhook secret shown once is shown again, a mail or a step is not repeated; the same key with another request answers 409 IDEMPOTENCY_KEY_REUSED, and a retry while the first request still runs 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Keys are kept 24 hours per dealer and environment; an error is not kept (a retry runs again). 1 to 255 visible ASCII characters, no spaces (a UUID serves well). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The offer id (UUID). A malformed id answers 400. */
                id: components["parameters"]["OfferId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The offer after the step. */
            200: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Spoke-Idempotent-Replayed"?: "true" | "false";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfferResponse"];
                };
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_REQUEST`: a request body was sent, which this operation does not read (its input goes in the query string).
             *     - `INVALID_PARAMETER`: the id is not a UUID, or `to` is not a status.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks offers:write, or the client is a production client.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Not found. Codes:
             *     - `NOT_FOUND`: no offer with this id for the calling dealer in this environment.
             */
            404: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Codes:
             *     - `IDEMPOTENCY_KEY_REUSED`: the Idempotency-Key was already used with a different request.
             *     - `IDEMPOTENCY_KEY_IN_USE`: the first request with this Idempotency-Key is still running; retry after `Retry-After` seconds to get its answer.
             *     - `OFFER_NOT_MODIFIABLE`: no such step from the current status (`to` not in nextSteps, or no further step).
             *     - `INVOICE_NOT_OPEN`: `to` is an order step, but the order’s invoice is not waiting for it (not invoiced; `paid` of an order neither invoiced nor approved).
             */
            409: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                page?: number;
                perPage?: number;
            };
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
                /** @description An ETag of an earlier answer: 304 without a body while the representation is unchanged. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of endpoints. */
            200: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointList"];
                };
            };
            /** @description Not modified: If-None-Match named the current ETag. No body. */
            304: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_PARAMETER`: page or perPage is out of range.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope webhooks:read.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
                /** @description Makes the write safe to retry (every POST, PUT and PATCH): the same key with the same request replays the first success (`Spoke-Idempotent-Replayed: true`) — a webhook secret shown once is shown again, a mail or a step is not repeated; the same key with another request answers 409 IDEMPOTENCY_KEY_REUSED, and a retry while the first request still runs 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Keys are kept 24 hours per dealer and environment; an error is not kept (a retry runs again). 1 to 255 visible ASCII characters, no spaces (a UUID serves well). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The endpoint. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookBody"];
            };
        };
        responses: {
            /** @description Registered; the answer carries the signing secret. */
            201: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Location: components["headers"]["Location"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Spoke-Idempotent-Replayed"?: "true" | "false";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecretResponse"];
                };
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_REQUEST`: malformed JSON, a content type other than application/json, or a body over 256 KiB.
             *     - `MISSING_PARAMETER`: a required field is missing (`details` names it).
             *     - `INVALID_PARAMETER`: a field has the wrong type or value, or the URL is refused (not http(s), credentials in it, not https or not public in production).
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope webhooks:write.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Codes:
             *     - `IDEMPOTENCY_KEY_REUSED`: the Idempotency-Key was already used with a different request.
             *     - `IDEMPOTENCY_KEY_IN_USE`: the first request with this Idempotency-Key is still running; retry after `Retry-After` seconds to get its answer.
             *     - `CONFLICT`: an endpoint with this URL is already registered (`webhookId` names it), or the environment has the maximum number of endpoints.
             */
            409: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
                /** @description An ETag of an earlier answer: 304 without a body while the representation is unchanged. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description The webhook endpoint id (UUID). */
                id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointResponse"];
                };
            };
            /** @description Not modified: If-None-Match named the current ETag. No body. */
            304: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_PARAMETER`: the id is not a UUID.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope webhooks:read.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Not found. Codes:
             *     - `NOT_FOUND`: no webhook endpoint with this id for the calling dealer in this environment.
             */
            404: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
            };
            path: {
                /** @description The webhook endpoint id (UUID). */
                id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_REQUEST`: a request body was sent, which this operation does not read (its input goes in the query string).
             *     - `INVALID_PARAMETER`: the id is not a UUID.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope webhooks:write.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Not found. Codes:
             *     - `NOT_FOUND`: no webhook endpoint with this id for the calling dealer in this environment.
             */
            404: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
                /** @description Makes the write safe to retry (every POST, PUT and PATCH): the same key with the same request replays the first success (`Spoke-Idempotent-Replayed: true`) — a webhook secret shown once is shown again, a mail or a step is not repeated; the same key with another request answers 409 IDEMPOTENCY_KEY_REUSED, and a retry while the first request still runs 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Keys are kept 24 hours per dealer and environment; an error is not kept (a retry runs again). 1 to 255 visible ASCII characters, no spaces (a UUID serves well). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The webhook endpoint id (UUID). */
                id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        /** @description The fields to change. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookBody"];
            };
        };
        responses: {
            /** @description The changed endpoint. */
            200: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Spoke-Idempotent-Replayed"?: "true" | "false";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointResponse"];
                };
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_REQUEST`: malformed JSON, a content type other than application/json, or a body over 256 KiB.
             *     - `MISSING_PARAMETER`: a required field is missing (`details` names it).
             *     - `INVALID_PARAMETER`: the id is not a UUID, a field has the wrong type or value, or the URL is refused.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope webhooks:write.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Not found. Codes:
             *     - `NOT_FOUND`: no webhook endpoint with this id for the calling dealer in this environment.
             */
            404: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Codes:
             *     - `IDEMPOTENCY_KEY_REUSED`: the Idempotency-Key was already used with a different request.
             *     - `IDEMPOTENCY_KEY_IN_USE`: the first request with this Idempotency-Key is still running; retry after `Retry-After` seconds to get its answer.
             *     - `CONFLICT`: another endpoint has this URL (`webhookId` names it).
             */
            409: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: {
                /** @description How long the previous secret keeps signing beside the new one (0 to 72 hours, default 24). */
                keepPreviousHours?: number;
            };
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
                /** @description Makes the write safe to retry (every POST, PUT and PATCH): the same key with the same request replays the first success (`Spoke-Idempotent-Replayed: true`) — a webhook secret shown once is shown again, a mail or a step is not repeated; the same key with another request answers 409 IDEMPOTENCY_KEY_REUSED, and a retry while the first request still runs 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Keys are kept 24 hours per dealer and environment; an error is not kept (a retry runs again). 1 to 255 visible ASCII characters, no spaces (a UUID serves well). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The webhook endpoint id (UUID). */
                id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint with its new secret. */
            200: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Spoke-Idempotent-Replayed"?: "true" | "false";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecretResponse"];
                };
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_REQUEST`: a request body was sent, which this operation does not read (its input goes in the query string).
             *     - `INVALID_PARAMETER`: the id is not a UUID, or keepPreviousHours is out of range.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope webhooks:write.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Not found. Codes:
             *     - `NOT_FOUND`: no webhook endpoint with this id for the calling dealer in this environment.
             */
            404: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Codes:
             *     - `IDEMPOTENCY_KEY_REUSED`: the Idempotency-Key was already used with a different request.
             *     - `IDEMPOTENCY_KEY_IN_USE`: the first request with this Idempotency-Key is still running; retry after `Retry-After` seconds to get its answer.
             */
            409: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
                /** @description Makes the write safe to retry (every POST, PUT and PATCH): the same key with the same request replays the first success (`Spoke-Idempotent-Replayed: true`) — a webhook secret shown once is shown again, a mail or a step is not repeated; the same key with another request answers 409 IDEMPOTENCY_KEY_REUSED, and a retry while the first request still runs 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Keys are kept 24 hours per dealer and environment; an error is not kept (a retry runs again). 1 to 255 visible ASCII characters, no spaces (a UUID serves well). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The webhook endpoint id (UUID). */
                id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The test was sent; `delivered` says whether the endpoint accepted it. */
            200: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Spoke-Idempotent-Replayed"?: "true" | "false";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookTestResultResponse"];
                };
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_REQUEST`: a request body was sent, which this operation does not read (its input goes in the query string).
             *     - `INVALID_PARAMETER`: the id is not a UUID.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope webhooks:write.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Not found. Codes:
             *     - `NOT_FOUND`: no webhook endpoint with this id for the calling dealer in this environment.
             */
            404: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Codes:
             *     - `IDEMPOTENCY_KEY_REUSED`: the Idempotency-Key was already used with a different request.
             *     - `IDEMPOTENCY_KEY_IN_USE`: the first request with this Idempotency-Key is still running; retry after `Retry-After` seconds to get its answer.
             */
            409: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                page?: number;
                perPage?: number;
                /** @description Only deliveries in this status. */
                status?: "pending" | "delivered" | "failed";
            };
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
            };
            path: {
                /** @description The webhook endpoint id (UUID). */
                id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries. */
            200: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_PARAMETER`: the id is not a UUID, or a parameter is out of range.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope webhooks:read.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Not found. Codes:
             *     - `NOT_FOUND`: no webhook endpoint with this id for the calling dealer in this environment.
             */
            404: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
            };
            path: {
                /** @description The webhook endpoint id (UUID). */
                id: components["parameters"]["WebhookId"];
                /** @description The delivery id (UUID). */
                deliveryId: components["parameters"]["DeliveryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery. */
            200: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryDetailResponse"];
                };
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_PARAMETER`: an id is not a UUID.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope webhooks:read.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Not found. Codes:
             *     - `NOT_FOUND`: no such endpoint or delivery for the calling dealer in this environment.
             */
            404: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    resendWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
                /** @description Makes the write safe to retry (every POST, PUT and PATCH): the same key with the same request replays the first success (`Spoke-Idempotent-Replayed: true`) — a webhook secret shown once is shown again, a mail or a step is not repeated; the same key with another request answers 409 IDEMPOTENCY_KEY_REUSED, and a retry while the first request still runs 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Keys are kept 24 hours per dealer and environment; an error is not kept (a retry runs again). 1 to 255 visible ASCII characters, no spaces (a UUID serves well). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The webhook endpoint id (UUID). */
                id: components["parameters"]["WebhookId"];
                /** @description The delivery id (UUID). */
                deliveryId: components["parameters"]["DeliveryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new delivery, pending. */
            202: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Location: components["headers"]["Location"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Spoke-Idempotent-Replayed"?: "true" | "false";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryResponse"];
                };
            };
            /**
             * @description Bad request. Codes:
             *     - `INVALID_REQUEST`: a request body was sent, which this operation does not read (its input goes in the query string).
             *     - `INVALID_PARAMETER`: an id is not a UUID.
             */
            400: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Unauthorized. Codes:
             *     - `UNAUTHORIZED`: the access token is missing, invalid or expired, or the client is disabled.
             */
            401: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Forbidden. Codes:
             *     - `FORBIDDEN`: the access token lacks the scope webhooks:write.
             */
            403: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Not found. Codes:
             *     - `NOT_FOUND`: no such endpoint or delivery for the calling dealer in this environment.
             */
            404: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Conflict. Codes:
             *     - `IDEMPOTENCY_KEY_REUSED`: the Idempotency-Key was already used with a different request.
             *     - `IDEMPOTENCY_KEY_IN_USE`: the first request with this Idempotency-Key is still running; retry after `Retry-After` seconds to get its answer.
             */
            409: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Too many requests. Codes:
             *     - `TOO_MANY_REQUESTS`: the client’s rate limit is exceeded; retry after `Retry-After` seconds.
             */
            429: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Service unavailable. Codes:
             *     - `SERVICE_UNAVAILABLE`: the service is temporarily unavailable (database unreachable); retry after `Retry-After` seconds.
             */
            503: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional request-tracking id (1 to 128 of A-Z a-z 0-9 . _ : -), echoed in the answer. */
                "Spoke-Request-ID"?: components["parameters"]["SpokeRequestIdParam"];
                /** @description Language of `message` texts: de or en (default en). `translations` always holds both. */
                "Accept-Language"?: components["parameters"]["AcceptLanguage"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document. */
            200: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenApiDocument"];
                };
            };
            /**
             * @description Method not allowed. Codes:
             *     - `METHOD_NOT_ALLOWED`: another method of this path was used (`Allow` lists the path’s methods; `details` may say what to do instead, e.g. DELETE of an offer: cancel it).
             */
            405: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /**
             * @description Internal server error. Codes:
             *     - `INTERNAL_SERVER_ERROR`: unexpected server error; no details are disclosed.
             */
            500: {
                headers: {
                    "Spoke-Request-ID": components["headers"]["Spoke-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    offer_created_event: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the endpoint secret>`; two `v1` while a rotated-out secret is still valid. Verify one matches and t is recent. */
                "Spoke-Signature": string;
                /** @description The event id; the same on every retry and resend: de-duplicate by it. */
                "Spoke-Event-ID": string;
                "Spoke-Event-Type": "offer.created" | "offer.status_changed" | "offer.customer_changed" | "offer.order_changed";
                /** @description The delivery (see GET /v1/webhooks/{id}/deliveries/{deliveryId}). */
                "Spoke-Delivery-ID": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Received (any 2xx). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    offer_status_changed_event: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the endpoint secret>`; two `v1` while a rotated-out secret is still valid. Verify one matches and t is recent. */
                "Spoke-Signature": string;
                /** @description The event id; the same on every retry and resend: de-duplicate by it. */
                "Spoke-Event-ID": string;
                "Spoke-Event-Type": "offer.created" | "offer.status_changed" | "offer.customer_changed" | "offer.order_changed";
                /** @description The delivery (see GET /v1/webhooks/{id}/deliveries/{deliveryId}). */
                "Spoke-Delivery-ID": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Received (any 2xx). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    offer_customer_changed_event: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the endpoint secret>`; two `v1` while a rotated-out secret is still valid. Verify one matches and t is recent. */
                "Spoke-Signature": string;
                /** @description The event id; the same on every retry and resend: de-duplicate by it. */
                "Spoke-Event-ID": string;
                "Spoke-Event-Type": "offer.created" | "offer.status_changed" | "offer.customer_changed" | "offer.order_changed";
                /** @description The delivery (see GET /v1/webhooks/{id}/deliveries/{deliveryId}). */
                "Spoke-Delivery-ID": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Received (any 2xx). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    offer_order_changed_event: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the endpoint secret>`; two `v1` while a rotated-out secret is still valid. Verify one matches and t is recent. */
                "Spoke-Signature": string;
                /** @description The event id; the same on every retry and resend: de-duplicate by it. */
                "Spoke-Event-ID": string;
                "Spoke-Event-Type": "offer.created" | "offer.status_changed" | "offer.customer_changed" | "offer.order_changed";
                /** @description The delivery (see GET /v1/webhooks/{id}/deliveries/{deliveryId}). */
                "Spoke-Delivery-ID": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Received (any 2xx). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
